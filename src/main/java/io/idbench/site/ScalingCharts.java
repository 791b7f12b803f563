package io.idbench.site;

import io.idbench.results.RunStatistics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A figure of one operation against the dataset size (log x), one line per group of runs (a
 * storage x search x dyn combination, say): the curve the 2018 study's readers assembled by hand.
 */
final class ScalingCharts {
    private ScalingCharts() {
    }

    /** A figure drawn for each group; {@code dashed} tells the lesser of two (p50 beside p95). */
    record Figure(String key, String name, boolean dashed) {
    }

    static final Figure P50 = new Figure("p50", "p50", true);
    static final Figure P95 = new Figure("p95", "p95", false);
    static final Figure THROUGHPUT = new Figure("throughput", "req/s", false);
    private static final String ALL = RunStatistics.ALL;

    /**
     * @param group   which line a run belongs to; groups keep their order of first appearance
     * @param colours one colour per group name, shared between charts
     */
    static Chart chart(String id, String title, List<RecordedRun> runs, String label, Function<RecordedRun, String> group,
            List<Figure> figures, String unit, Map<String, String> colours) {
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(group.apply(r), g -> new ArrayList<>()).add(r));
        List<Chart.Series> series = new ArrayList<>();
        groups.forEach((name, members) -> {
            String colour = colours.computeIfAbsent(name, n -> Chart.colour(colours.size()));
            for (Figure f : figures) {
                List<Chart.Point> points = new ArrayList<>();
                members.stream().sorted((a, b) -> Long.compare(a.users(), b.users())).forEach(r -> {
                    double v = r.figure(label, f.key());
                    if (Double.isFinite(v) && v > 0) {
                        points.add(Chart.Point.of(r.users(), r, label, f.key(), false));
                    }
                });
                if (!points.isEmpty()) {
                    series.add(new Chart.Series(figures.size() > 1 ? name + " " + f.name() : name, colour, f.dashed(), points));
                }
            }
        });
        return new Chart(id, title, Chart.LINE, new Chart.Axis("identities", true, true), new Chart.Axis(unit, true, true), series);
    }

    /**
     * The throughput of all requests against the service's replicas (instances), one line per machine, scenario and threads
     * that was run with more than one; null when none was.
     */
    static Chart byInstances(String id, List<RecordedRun> runs, Map<String, String> colours) {
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(r.machine() + " | " + r.scenario() + " | " + r.threads() + " threads",
                g -> new ArrayList<>()).add(r));
        List<Chart.Series> series = new ArrayList<>();
        groups.forEach((name, members) -> {
            if (members.stream().noneMatch(r -> r.instances() > 1)) {
                return;
            }
            List<Chart.Point> points = new ArrayList<>();
            members.stream().sorted((a, b) -> Integer.compare(a.instances(), b.instances()))
                    .filter(r -> Double.isFinite(r.figure(ALL, THROUGHPUT.key())))
                    .forEach(r -> points.add(Chart.Point.of(r.instances(), r, ALL, THROUGHPUT.key(), false)));
            series.add(new Chart.Series(name, colours.computeIfAbsent(name, n -> Chart.colour(colours.size())), false, points));
        });
        return series.isEmpty() ? null : new Chart(id, "All requests: throughput against the service's replicas", Chart.LINE,
                new Chart.Axis("replicas (instances)", false, true), new Chart.Axis("req/s", false, true), series);
    }
}
