package io.idbench.site;

import io.idbench.results.NightlyVerdict;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario matrix: per machine and plan, the newest complete run of each scenario as a row, its
 * operations as columns, p95 and throughput in each cell, colour-scaled within the column (green is
 * the best of the column, red the worst, on a log scale), each cell linking to its run. A row no verdict stands on
 * (disturbed, handicapped) is greyed and left out of the colours; a row of other code than most of the table's is marked:
 * neither is like with like.
 */
final class OverviewPage {
    private OverviewPage() {
    }

    record Cell(String p95, String p95Style, String throughput, String throughputStyle, String link, String title) {
    }

    /** @param otherCode the row's code when it is not the table's main code (most of its rows'), else null */
    record Row(RecordedRun run, List<Cell> cells, String otherCode) {
    }

    record Matrix(String id, String machine, String plan, String code, List<String> operations, List<Row> rows, Table table) {
    }

    static Page build(RunHistory history, NightlyVerdict verdict) {
        List<Matrix> matrices = new ArrayList<>();
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        for (RecordedRun r : history.latestComplete(r -> true)) {
            groups.computeIfAbsent(r.machine() + "\u0000" + r.plan(), k -> new ArrayList<>()).add(r);
        }
        groups.values().forEach(runs -> matrices.add(matrix(runs, matrices.size())));
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("matrices", matrices);
        model.put("runCount", history.all().size());
        model.put("completeCount", history.all().stream().filter(RecordedRun::complete).count());
        model.put("machines", history.all().stream().map(RecordedRun::machineLabel).distinct().toList());
        model.put("verdict", verdict);
        model.put("regressed", TrendsPage.regressed(verdict));
        model.put("skipped", history.skipped());
        return new Page("overview.html", "overview", "Overview", model, List.of(), matrices.stream().map(Matrix::table).toList());
    }

    private static Matrix matrix(List<RecordedRun> runs, int n) {
        List<String> operations = RecordedRun.operations(runs);
        Map<String, double[]> p95Range = new LinkedHashMap<>();
        Map<String, double[]> tpRange = new LinkedHashMap<>();
        List<RecordedRun> trusted = runs.stream().filter(RecordedRun::trustworthy).toList();
        for (String op : operations) {
            p95Range.put(op, range(trusted, op, "p95"));
            tpRange.put(op, range(trusted, op, "throughput"));
        }
        String mainCode = RecordedRun.mainCode(runs);
        List<Row> rows = new ArrayList<>();
        List<List<String>> csv = new ArrayList<>();
        for (RecordedRun r : runs) {
            List<Cell> cells = new ArrayList<>();
            List<String> line = new ArrayList<>(List.of(r.scenario(), r.runId()));
            for (String op : operations) {
                double p95 = r.figure(op, "p95");
                double tp = r.figure(op, "throughput");
                boolean ranked = r.trustworthy();
                cells.add(new Cell(Format.figure(p95), ranked ? style(p95, p95Range.get(op), false) : "", Format.figure(tp),
                        ranked ? style(tp, tpRange.get(op), true) : "", r.page(), "p95 " + Format.figure(p95) + " ms "
                                + r.plusMinus(op, "p95") + ", " + Format.figure(tp) + " req/s " + r.plusMinus(op, "throughput")
                                + " (95% intervals)"));
                line.add(Format.figure(p95));
                line.add(Format.figure(tp));
            }
            rows.add(new Row(r, cells, r.code().equals(mainCode) ? null : r.codeLabel()));
            csv.add(line);
        }
        List<String> header = new ArrayList<>(List.of("scenario", "run"));
        operations.forEach(op -> {
            header.add(op + " p95 (ms)");
            header.add(op + " throughput (req/s)");
        });
        RecordedRun first = runs.get(0);
        String id = "overview-" + (n + 1) + "-" + Chart.slug(first.plan().id());
        String code = runs.stream().filter(r -> r.code().equals(RecordedRun.mainCode(runs))).findFirst().map(RecordedRun::codeLabel)
                .orElse("");
        return new Matrix(id, first.machineLabel(), first.plan().id(), code, operations, rows, new Table(id, header, csv));
    }

    private static double[] range(List<RecordedRun> runs, String op, String figure) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (RecordedRun r : runs) {
            double v = r.figure(op, figure);
            if (Double.isFinite(v) && v > 0) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return new double[] {min, max};
    }

    /**
     * Green (best) to red (worst) by the value's place between the column's extremes, on a log scale;
     * no colour for a column of one value: a lone value is neither best nor worst.
     */
    static String style(double v, double[] range, boolean higherIsBetter) {
        if (!Double.isFinite(v) || v <= 0 || !Double.isFinite(range[0]) || !(range[1] > range[0])) {
            return "";
        }
        double span = Math.log(range[1]) - Math.log(range[0]);
        double t = span == 0 ? 0 : (Math.log(v) - Math.log(range[0])) / span;
        double badness = higherIsBetter ? 1 - t : t;
        return "background-color: hsl(" + Math.round(120 * (1 - badness)) + ", 65%, 82%)";
    }
}
