package io.idbench.site;

import io.idbench.config.Plan;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.record.Numbers;
import io.idbench.results.Finding;
import io.idbench.results.Findings;
import io.idbench.results.Question;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import io.idbench.results.RunStatistics;
import io.idbench.results.ScenarioNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Plan 1 against the dataset size, a section per machine (curves of two machines are never on one chart): one chart at a
 * time (a chooser of operation and figure), drawn as small multiples, a panel per storage and one for the products, each
 * strategy a line that joins only its like-with-like runs ({@link Findings#curves}: one code, load and night, the newest of
 * each size), its colour the search engine, dashed with dynamic memberships; its newest runs of other code or load drawn
 * apart, not joined. Each section says what it draws: the axes as drawn, the colours in use, the points that hide another,
 * the curves not to believe. And any plan's throughput against the service's replicas, when some run had more than one.
 */
final class ScalingPage {
    private ScalingPage() {
    }

    /** A panel of the small multiples: its title and the runs it draws. */
    private record Panel(String title, Predicate<RecordedRun> holds) {
    }

    /**
     * One machine's curves: its chart set (null when no view has two points), the words that say what it draws, and the
     * curves that are implausible as they stand.
     */
    record Section(String id, String machine, int runs, ChartSet set, List<String> describes, List<String> doubts) {
    }

    static Page build(RunHistory history, Findings findings) {
        List<RecordedRun> runs = history.all().stream().filter(r -> r.complete() && r.plan() == Plan.DEFAULT).toList();
        List<Findings.Curve> curves = findings.curves().stream().filter(c -> c.load().plan() == Plan.DEFAULT).toList();
        List<Finding> implausible = findings.answer(Question.SCALING).findings().stream()
                .filter(f -> f.scaling() != null && f.scaling().implausible() && f.load().plan() == Plan.DEFAULT).toList();
        Map<String, List<RecordedRun>> byMachine = new LinkedHashMap<>();
        runs.forEach(r -> byMachine.computeIfAbsent(r.machine(), k -> new ArrayList<>()).add(r));
        List<Section> sections = new ArrayList<>();
        List<ChartSet> sets = new ArrayList<>();
        byMachine.forEach((machine, ofMachine) -> {
            Section s = section("scaling-m" + (sections.size() + 1), ofMachine, curves.stream().filter(c -> c.machine().equals(machine))
                    .toList(), implausible.stream().filter(f -> f.contrast().other().machine().equals(machine)).toList());
            sections.add(s);
            if (s.set() != null) {
                sets.add(s.set());
            }
        });
        List<Chart> charts = new ArrayList<>();
        Chart replicas = ScalingCharts.byInstances("scaling-replicas", history.latestComplete(r -> true));
        if (replicas != null) {
            charts.add(replicas);
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("replicas", replicas);
        model.put("sections", sections);
        model.put("runs", runs);
        model.put("sizes", runs.stream().map(RecordedRun::users).distinct().count());
        return new Page("scaling.html", "scaling", "Scaling", model, charts, List.of(), sets);
    }

    private static Section section(String id, List<RecordedRun> runs, List<Findings.Curve> curves, List<Finding> implausible) {
        List<ScalingCharts.Strategy> strategies = strategies(runs, curves);
        List<Panel> panels = new ArrayList<>();
        for (Storage s : Storage.values()) {
            panels.add(new Panel(s.displayName(), r -> r.service() && r.storage() == s));
        }
        panels.add(new Panel("products", r -> !r.service()));
        List<Panel> used = panels.stream().filter(p -> runs.stream().anyMatch(p.holds())).toList();
        List<String> operations = new ArrayList<>(RecordedRun.operations(runs));
        if (operations.remove(RunStatistics.ALL)) {
            operations.add(0, RunStatistics.ALL);
        }
        List<ChartSet.View> views = new ArrayList<>();
        for (String op : operations) {
            ScalingCharts.FIGURES.forEach((figure, unit) -> {
                List<Chart> charts = new ArrayList<>();
                for (Panel p : used) {
                    String chartId = id + "-" + Chart.slug(op) + "-" + figure + "-" + Chart.slug(p.title());
                    charts.add(ScalingCharts.chart(chartId, op + ": " + figure + ", " + p.title(), strategies.stream()
                            .filter(s -> p.holds().test(s.first())).toList(), op, figure, unit));
                }
                views.add(new ChartSet.View(op + " · " + figure, charts));
            });
        }
        // Worth a chart when some strategy ran at two sizes, joined or not: points of one size each say nothing of scaling.
        boolean drawn = strategies.stream().anyMatch(st -> Stream.concat(st.joined().stream(), st.apart().stream())
                .map(RecordedRun::users).distinct().count() >= 2);
        ChartSet set = drawn ? new ChartSet(id, "Plan 1 against the identities", "Operation and figure", used.stream()
                .map(Panel::title).toList(), views) : null;
        return new Section(id, runs.get(0).machineLabel(), runs.size(), set, drawn ? describe(strategies, views.get(0)) : List.of(),
                implausible.stream().map(f -> f.contrast().other().series() + " from " + size(f.scaling().sizes().get(0)) + " to "
                        + size(f.scaling().sizes().get(f.scaling().sizes().size() - 1)) + ": " + FindingWords.doubts(f)).toList());
    }

    private static String size(RecordedRun r) {
        return ScenarioNames.size(r.users());
    }

    /**
     * Each strategy (series and scale-out) of one machine: the curve that ran the most sizes (the newest on a tie) joined, and
     * at each size the newest run that is not on it (other code, load or night; one no verdict stands on only when there is
     * no other) drawn apart.
     */
    private static List<ScalingCharts.Strategy> strategies(List<RecordedRun> runs, List<Findings.Curve> curves) {
        Map<String, List<RecordedRun>> byStrategy = new LinkedHashMap<>();
        runs.stream().sorted(RunHistory.SCENARIO_ORDER).forEach(r -> byStrategy.computeIfAbsent(name(r), k -> new ArrayList<>()).add(r));
        List<ScalingCharts.Strategy> out = new ArrayList<>();
        int[] others = {0};
        byStrategy.forEach((name, members) -> {
            List<RecordedRun> joined = curves.stream().filter(c -> name(c.runs().get(0)).equals(name))
                    .max(Comparator.<Findings.Curve>comparingInt(c -> c.runs().size())
                            .thenComparing(c -> c.runs().stream().map(RecordedRun::started).max(Comparator.naturalOrder()).orElseThrow()))
                    .map(Findings.Curve::runs).orElse(List.of());
            List<RecordedRun> apart = new ArrayList<>();
            members.stream().map(RecordedRun::users).distinct().forEach(users -> {
                RecordedRun onCurve = joined.stream().filter(r -> r.users() == users).findFirst().orElse(null);
                members.stream().filter(r -> r.users() == users && r != onCurve && (onCurve == null || r.started().isAfter(onCurve
                        .started()))).max(Comparator.comparing(RecordedRun::trustworthy).thenComparing(RecordedRun::started))
                        .ifPresent(apart::add);
            });
            RecordedRun first = members.get(0);
            boolean engineColour = first.service() && first.scaleOut().isEmpty();
            String colour = engineColour ? Chart.colour(first.search().ordinal()) : OTHERS.get(others[0]++ % OTHERS.size());
            out.add(new ScalingCharts.Strategy(name, colour, first.service() && first.dynamic(), joined, apart, first));
        });
        return out;
    }

    /** A strategy's name on the charts: its series, with its scale-out when it has one. */
    private static String name(RecordedRun r) {
        return r.scaleOut().isEmpty() ? r.series() : r.series() + " (" + r.scaleOut() + ")";
    }

    /**
     * What a section draws, in words taken from what it draws: the axes (the first view's y axis as drawn, and the rule), the
     * colours of the strategies it holds, the dashes, what is drawn apart, and the points of the first view that lie on
     * another.
     */
    private static List<String> describe(List<ScalingCharts.Strategy> strategies, ChartSet.View first) {
        List<String> out = new ArrayList<>();
        boolean log = first.charts().stream().anyMatch(c -> c.series().stream().anyMatch(s -> !s.points().isEmpty()) && c.y().log());
        out.add("Axes: the identities along a logarithmic axis; the figure on a logarithmic axis where a view's values span"
                + " tenfold or more (its title then says \"log scale\"), on a linear one from zero otherwise (the first view, "
                + first.name() + ": " + (log ? "logarithmic" : "linear from zero") + ").");
        Set<String> colours = new LinkedHashSet<>();
        for (ScalingCharts.Strategy s : strategies) {
            RecordedRun r = s.first();
            String what = r.service() && r.scaleOut().isEmpty() ? engineWords(r.search()) : s.name();
            colours.add(Chart.colourName(s.colour()) + ": " + what);
        }
        out.add("Colours: " + String.join("; ", colours) + (strategies.stream().anyMatch(ScalingCharts.Strategy::dashed)
                ? "; dashed: with dynamic memberships" : "") + ".");
        out.add("A line joins only runs of one code, load and night (the newest of each size); a hollow point is a newer run of"
                + " other code or load, drawn apart; a grey ✕ a disturbed or handicapped one. A point opens its run.");
        List<String> hidden = ScalingCharts.overlaps(first.charts());
        if (!hidden.isEmpty()) {
            out.add("Points within " + Numbers.trim(ScalingCharts.OVERLAP_PCT)
                    + " % of another at the same size, one hiding the"
                    + " other in the first view: " + String.join("; ", hidden) + " (the numbers below list both).");
        }
        return out;
    }

    private static String engineWords(SearchMode m) {
        return m.engine() ? m.displayName() : "PostgreSQL alone";
    }

    /**
     * The colours of lines that are not a strategy of idbench's service (whose colour is its search engine: the panels tell
     * the storage): products and scale-out; none of them an engine's, none grey.
     */
    static final List<String> OTHERS = List.of(Chart.PALETTE.get(3), Chart.PALETTE.get(4), Chart.PALETTE.get(6), Chart.PALETTE.get(7),
            Chart.PALETTE.get(5));
}
