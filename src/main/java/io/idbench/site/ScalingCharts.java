package io.idbench.site;

import io.idbench.results.RecordedRun;
import io.idbench.results.RunStatistics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A figure of one operation against the dataset size (log x), one line per group of runs (a storage x search x dyn
 * combination, say): the curve the 2018 study's readers assembled by hand. A point whose run is disturbed or handicapped is
 * hollow grey, one of other code than most of its line's hollow: a line across codes is not one store's curve.
 */
final class ScalingCharts {
    private ScalingCharts() {
    }

    /** The figures a scaling chart may draw, with their axis titles. */
    static final Map<String, String> FIGURES = figures();
    private static final String ALL = RunStatistics.ALL;

    private static Map<String, String> figures() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("throughput", "req/s");
        m.put("p95", "p95 (ms)");
        m.put("p50", "p50 (ms)");
        m.put("p99", "p99 (ms)");
        return m;
    }

    /** How a group of runs is drawn: its colour, and dashed for a variant (dynamic memberships). */
    record Style(String colour, boolean dashed) {
    }

    /**
     * @param group which line a run belongs to; groups keep their order of first appearance
     * @param style each group's colour and dash, shared between charts
     */
    static Chart chart(String id, String title, List<RecordedRun> runs, String label, Function<RecordedRun, String> group,
            String figure, String unit, Function<String, Style> style) {
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(group.apply(r), g -> new ArrayList<>()).add(r));
        List<Chart.Series> series = new ArrayList<>();
        groups.forEach((name, members) -> {
            String lineCode = RecordedRun.mainCode(members);
            List<Chart.Point> points = new ArrayList<>();
            members.stream().sorted(Comparator.comparingLong(RecordedRun::users)).forEach(r -> {
                double v = r.figure(label, figure);
                if (Double.isFinite(v) && v > 0) {
                    points.add(Chart.Point.of(r.users(), r, label, figure, mark(r, lineCode)));
                }
            });
            if (!points.isEmpty()) {
                Style s = style.apply(name);
                series.add(new Chart.Series(name, s.colour(), s.dashed(), points));
            }
        });
        return new Chart(id, title, Chart.LINE, new Chart.Axis("identities", true, true), new Chart.Axis(unit, true, true), series);
    }

    /** Untrusted before other code: a disturbed run of other code is first of all disturbed. */
    static Chart.Mark mark(RecordedRun r, String lineCode) {
        return !r.trustworthy() ? Chart.Mark.UNTRUSTED : !r.code().equals(lineCode) ? Chart.Mark.OTHER_CODE : null;
    }

    /**
     * The throughput of all requests against the service's replicas (instances), one line per machine, scenario and threads
     * that was run with more than one; null when none was.
     */
    static Chart byInstances(String id, List<RecordedRun> runs) {
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(r.machineLabel() + " | " + r.scenario() + " | " + r.threads() + " threads",
                g -> new ArrayList<>()).add(r));
        List<Chart.Series> series = new ArrayList<>();
        groups.forEach((name, members) -> {
            if (members.stream().noneMatch(r -> r.instances() > 1)) {
                return;
            }
            String lineCode = RecordedRun.mainCode(members);
            List<Chart.Point> points = new ArrayList<>();
            members.stream().sorted(Comparator.comparingInt(RecordedRun::instances))
                    .filter(r -> Double.isFinite(r.figure(ALL, "throughput")))
                    .forEach(r -> points.add(Chart.Point.of(r.instances(), r, ALL, "throughput", mark(r, lineCode))));
            series.add(new Chart.Series(name, Chart.colour(series.size()), false, points));
        });
        return series.isEmpty() ? null : new Chart(id, "All requests: throughput against the service's replicas", Chart.LINE,
                new Chart.Axis("replicas (instances)", false, true), new Chart.Axis("req/s", false, true), series);
    }
}
