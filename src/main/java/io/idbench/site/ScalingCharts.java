package io.idbench.site;

import io.idbench.results.RecordedRun;
import io.idbench.results.RunStatistics;
import io.idbench.results.ScenarioNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A figure of one operation against the dataset size (log x), one line per strategy (a storage x search x dyn combination,
 * say) over its like-with-like runs only: the curve the 2018 study's readers assembled by hand, without joining a run of one
 * code or load to another's. A point whose run is disturbed or handicapped is a grey cross, one of other code or load hollow,
 * and neither is joined.
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

    /**
     * One strategy as its charts draw it: its colour, dashed for a variant (dynamic memberships), the runs its line joins
     * (one code, load and night) and the runs drawn apart from it (the newest of other code or load at a size, or a run no
     * verdict stands on); {@code first}: a run of it, that names its kind.
     */
    record Strategy(String name, String colour, boolean dashed, List<RecordedRun> joined, List<RecordedRun> apart, RecordedRun first) {
    }

    /** How a group of runs is drawn where no finding chose its curve: its colour, and dashed for a variant. */
    record Style(String colour, boolean dashed) {
    }

    /**
     * Runs grouped into strategies by {@code group} (keeping the order of first appearance), each joining the runs of its main
     * code and of that code's newest load, the newest of each size, and drawing the rest apart: a line never crosses codes or
     * loads.
     */
    static List<Strategy> strategies(List<RecordedRun> runs, Function<RecordedRun, String> group, Function<String, Style> style) {
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(group.apply(r), g -> new ArrayList<>()).add(r));
        List<Strategy> out = new ArrayList<>();
        groups.forEach((name, members) -> {
            String code = RecordedRun.mainCode(members);
            RecordedRun newest = members.stream().filter(r -> r.code().equals(code)).max(Comparator.comparing(RecordedRun::started))
                    .orElseThrow();
            Map<Long, RecordedRun> joined = new LinkedHashMap<>();
            members.stream().filter(r -> r.trustworthy() && r.code().equals(code) && r.load().equals(newest.load()))
                    .sorted(Comparator.comparing(RecordedRun::started).reversed()).forEach(r -> joined.putIfAbsent(r.users(), r));
            List<RecordedRun> apart = members.stream().filter(r -> !joined.containsValue(r)).toList();
            Style s = style.apply(name);
            out.add(new Strategy(name, s.colour(), s.dashed(), List.copyOf(joined.values()), apart, members.get(0)));
        });
        return out;
    }

    /** Two points at one size this close (in % of the larger) draw one over the other. */
    static final double OVERLAP_PCT = 3;

    /**
     * A figure of one operation against the dataset size: each strategy's line over its joined runs, and its runs drawn
     * apart as points only. The figure's axis is logarithmic when its values span tenfold or more, linear from zero
     * otherwise (site.js names a log axis so in its title).
     */
    static Chart chart(String id, String title, List<Strategy> strategies, String label, String figure, String unit) {
        List<Chart.Series> series = new ArrayList<>();
        for (Strategy s : strategies) {
            List<Chart.Point> line = points(s.joined(), label, figure, false);
            if (!line.isEmpty()) {
                series.add(new Chart.Series(s.name(), s.colour(), s.dashed(), line));
            }
            List<Chart.Point> apart = points(s.apart(), label, figure, true);
            if (!apart.isEmpty()) {
                series.add(new Chart.Series(s.name() + ": not joined (other code or load, or no verdict)", s.colour(), s.dashed(), apart,
                        true));
            }
        }
        double[] range = {Double.POSITIVE_INFINITY, 0};
        series.forEach(x -> x.points().forEach(p -> {
            range[0] = Math.min(range[0], p.y());
            range[1] = Math.max(range[1], p.y());
        }));
        boolean log = range[1] >= 10 * range[0];
        return new Chart(id, title, Chart.LINE, new Chart.Axis("identities", true, true), new Chart.Axis(unit, log, true), series);
    }

    private static List<Chart.Point> points(List<RecordedRun> runs, String label, String figure, boolean apart) {
        List<Chart.Point> out = new ArrayList<>();
        runs.stream().sorted(Comparator.comparingLong(RecordedRun::users)).forEach(r -> {
            double v = r.figure(label, figure);
            if (Double.isFinite(v) && v > 0) {
                out.add(Chart.Point.of(r.users(), r, label, figure, !r.trustworthy() ? Chart.Mark.UNTRUSTED
                        : apart ? Chart.Mark.OTHER_CODE : null));
            }
        });
        return out;
    }

    /** The points of some panels that lie within {@link #OVERLAP_PCT} of another's at the same size: "a and b at 100k". */
    static List<String> overlaps(List<Chart> panels) {
        List<String> out = new ArrayList<>();
        for (Chart c : panels) {
            List<Chart.Series> series = c.series();
            for (int i = 0; i < series.size(); i++) {
                for (int j = i + 1; j < series.size(); j++) {
                    for (Chart.Point a : series.get(i).points()) {
                        for (Chart.Point b : series.get(j).points()) {
                            if (a.x().equals(b.x()) && Math.abs(a.y() - b.y()) <= OVERLAP_PCT / 100 * Math.max(a.y(), b.y())) {
                                out.add(series.get(i).label() + " and " + series.get(j).label() + " at "
                                        + ScenarioNames.size(((Number) a.x()).longValue()));
                            }
                        }
                    }
                }
            }
        }
        return out;
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
