package io.idbench.site;

import io.idbench.config.Plan;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * idbench's figures beside the 2018 study's, for every scenario both ran (the newest complete idbench
 * run of the same name), each side labelled with its hardware: the numbers are not a contest
 * between products on equal machines, they say how far the 2018 figures were from what PostgreSQL
 * can do.
 */
final class Versus2018Page {
    private Versus2018Page() {
    }

    record Line(String operation, RecordedRun run, String label2018, Published2018.Row row2018, String p95Ratio) {
    }

    record Comparison(String id, String scenario2018, String edition, RecordedRun run, List<Line> lines, Chart chart) {
    }

    static Page build(RunHistory history, Published2018 published) {
        List<RecordedRun> runs = history.latestComplete(r -> r.plan() == Plan.STUDY_2018);
        List<Comparison> comparisons = new ArrayList<>();
        List<String> notRun = new ArrayList<>();
        List<Chart.Point> ours = new ArrayList<>();
        List<Chart.Point> theirs = new ArrayList<>();
        List<Chart.Point> oursTp = new ArrayList<>();
        List<Chart.Point> theirsTp = new ArrayList<>();
        published.comparable().forEach((scenario2018, scenario) -> {
            List<RecordedRun> matching = runs.stream().filter(r -> r.scenario().equals(scenario)).toList();
            if (matching.isEmpty()) {
                notRun.add(scenario2018 + " (idbench " + scenario + ")");
            }
            for (RecordedRun run : matching) {
                Comparison c = comparison(scenario2018, run, published, comparisons.size() + 1);
                comparisons.add(c);
                String x = scenario + (history.machines().size() > 1 ? " (" + run.machineLabel() + ")" : "");
                published.row(scenario2018, "Total").ifPresent(total -> {
                    ours.add(Chart.Point.of(x, run, "ALL", "p95", mark(run)));
                    theirs.add(new Chart.Point(x, total.p95()));
                    oursTp.add(Chart.Point.of(x, run, "ALL", "throughput", mark(run)));
                    theirsTp.add(new Chart.Point(x, total.throughput()));
                });
            }
        });
        List<Chart> charts = new ArrayList<>();
        Chart.Axis scenarios = new Chart.Axis("scenario", false, false);
        if (!ours.isEmpty()) {
            charts.add(new Chart("versus-2018-p95", "All operations: p95, idbench and 2018", Chart.BAR, scenarios,
                    new Chart.Axis("p95 (ms)", true, true), List.of(new Chart.Series("idbench", Chart.colour(0), false, ours),
                            new Chart.Series("2018", Chart.colour(1), false, theirs))));
            charts.add(new Chart("versus-2018-throughput", "All operations: throughput, idbench and 2018", Chart.BAR, scenarios,
                    new Chart.Axis("req/s", true, true), List.of(new Chart.Series("idbench", Chart.colour(0), false, oursTp),
                            new Chart.Series("2018", Chart.colour(1), false, theirsTp))));
        }
        comparisons.forEach(c -> charts.add(c.chart()));
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("comparisons", comparisons);
        model.put("notRun", notRun);
        model.put("summaryCharts", charts.subList(0, ours.isEmpty() ? 0 : 2));
        return new Page("versus-2018.html", "versus-2018", "Versus 2018", model, charts);
    }

    /** A run no verdict stands on is drawn apart wherever it is drawn. */
    static Chart.Mark mark(RecordedRun run) {
        return run.trustworthy() ? null : Chart.Mark.UNTRUSTED;
    }

    private static Comparison comparison(String scenario2018, RecordedRun run, Published2018 published, int n) {
        List<Line> lines = new ArrayList<>();
        List<Chart.Point> ours = new ArrayList<>();
        List<Chart.Point> theirs = new ArrayList<>();
        for (String op : RecordedRun.operations(List.of(run))) {
            String label2018 = Published2018.LABELS.get(op);
            Published2018.Row row = label2018 == null ? null : published.row(scenario2018, label2018).orElse(null);
            double p95 = run.figure(op, "p95");
            String ratio = row == null || !(p95 > 0) ? "" : Format.times(row.p95() / p95) + "x";
            lines.add(new Line(op, run, label2018, row, ratio));
            if (row != null) {
                ours.add(Chart.Point.of(op, run, op, "p95", mark(run)));
                theirs.add(new Chart.Point(op, row.p95()));
            }
        }
        String id = "versus-2018-" + n + "-" + Chart.slug(scenario2018);
        Chart chart = new Chart(id, run.scenario() + " vs 2018 " + scenario2018 + ": p95 per operation", Chart.BAR,
                new Chart.Axis("operation", false, false), new Chart.Axis("p95 (ms)", true, true),
                List.of(new Chart.Series("idbench " + run.scenario(), Chart.colour(0), false, ours),
                        new Chart.Series("2018 " + scenario2018, Chart.colour(1), false, theirs)));
        return new Comparison(id, scenario2018, published.edition(scenario2018), run, lines, chart);
    }
}
