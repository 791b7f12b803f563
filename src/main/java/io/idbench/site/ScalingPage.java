package io.idbench.site;

import io.idbench.config.Plan;
import io.idbench.config.Storage;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import io.idbench.results.RunStatistics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Plan 1 against the dataset size, from the newest complete run of each scenario: one chart at a time (a chooser of
 * operation and figure), drawn as small multiples, a panel per storage and one for the products, each line a strategy
 * (its colour the search engine, dashed with dynamic memberships), both axes logarithmic; and any plan's throughput against
 * the service's replicas, when some run had more than one. No chart when no strategy ran at two sizes.
 */
final class ScalingPage {
    private ScalingPage() {
    }

    /** A panel of the small multiples: its title and the runs it draws. */
    private record Panel(String title, Predicate<RecordedRun> holds) {
    }

    static Page build(RunHistory history) {
        List<RecordedRun> runs = history.latestComplete(r -> r.plan() == Plan.DEFAULT);
        Map<String, String> machines = new LinkedHashMap<>();
        runs.stream().map(RecordedRun::machineLabel).distinct().forEach(m -> machines.put(m, "M" + (machines.size() + 1)));
        Function<RecordedRun, String> group = r -> (r.scaleOut().isEmpty() ? r.series() : r.series() + " (" + r.scaleOut() + ")")
                + (machines.size() > 1 ? " · " + machines.get(r.machineLabel()) : "");
        List<Panel> panels = new ArrayList<>();
        for (Storage s : Storage.values()) {
            panels.add(new Panel(s.displayName(), r -> r.service() && r.storage() == s));
        }
        panels.add(new Panel("products", r -> !r.service()));
        List<Panel> used = panels.stream().filter(p -> runs.stream().anyMatch(p.holds())).toList();
        Map<String, ScalingCharts.Style> styles = new HashMap<>();
        String firstMachine = runs.isEmpty() ? "" : runs.get(0).machine();
        int[] others = {0};
        Function<String, ScalingCharts.Style> style = name -> styles.computeIfAbsent(name, n -> {
            RecordedRun r = runs.stream().filter(x -> group.apply(x).equals(n)).findFirst().orElseThrow();
            boolean engineColour = r.service() && r.scaleOut().isEmpty() && r.machine().equals(firstMachine);
            return new ScalingCharts.Style(engineColour ? Chart.colour(r.search().ordinal()) : OTHERS.get(others[0]++ % OTHERS.size()),
                    r.service() && r.dynamic());
        });
        List<ChartSet.View> views = new ArrayList<>();
        List<String> operations = new ArrayList<>(RecordedRun.operations(runs));
        if (operations.remove(RunStatistics.ALL)) {
            operations.add(0, RunStatistics.ALL);
        }
        for (String op : operations) {
            ScalingCharts.FIGURES.forEach((figure, unit) -> {
                List<Chart> charts = new ArrayList<>();
                for (Panel p : used) {
                    String id = "scaling-" + Chart.slug(op) + "-" + figure + "-" + Chart.slug(p.title());
                    charts.add(ScalingCharts.chart(id, op + ": " + figure + ", " + p.title(), runs.stream().filter(p.holds()).toList(),
                            op, group, figure, unit, style));
                }
                views.add(new ChartSet.View(op + " · " + figure, charts));
            });
        }
        ChartSet set = new ChartSet("scaling", "Plan 1 against the identities", "Operation and figure",
                used.stream().map(Panel::title).toList(), views);
        boolean drawn = views.stream().flatMap(v -> v.charts().stream()).anyMatch(Chart::hasLine);
        List<Chart> charts = new ArrayList<>();
        Chart replicas = ScalingCharts.byInstances("scaling-replicas", history.latestComplete(r -> true));
        if (replicas != null) {
            charts.add(replicas);
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("replicas", replicas);
        model.put("set", drawn ? set : null);
        model.put("runs", runs);
        model.put("sizes", runs.stream().map(RecordedRun::users).distinct().count());
        model.put("machines", machines.size() > 1 ? machines : Map.of());
        return new Page("scaling.html", "scaling", "Scaling", model, charts, List.of(), drawn ? List.of(set) : List.of());
    }

    /**
     * The colours of lines that are not one of the first machine's strategies (whose colour is their search engine: the panels
     * tell the storage): products, scale-out, another machine; none of them an engine's, none grey.
     */
    static final List<String> OTHERS = List.of("#CC79A7", "#D55E00", "#7F3C8D", "#8C564B", "#56B4E9");
}
