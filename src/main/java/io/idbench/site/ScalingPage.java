package io.idbench.site;

import io.idbench.config.Plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Plan 1 against the dataset size: for each operation, p50 (dashed) and p95 latency on log scales,
 * and the throughput, one line per storage x search x dyn combination (and scale-out, and machine, when the
 * history holds several), from the newest complete run of each scenario; and any plan's throughput against the service's
 * replicas, when some run had more than one.
 */
final class ScalingPage {
    private ScalingPage() {
    }

    record Operation(String label, Chart latency, Chart throughput) {
    }

    static Page build(RunHistory history) {
        List<RecordedRun> runs = history.latestComplete(r -> r.plan() == Plan.HETEROGENEOUS);
        // Several machines: each named once above the charts (M1, M2…), and by that short name in the legends.
        Map<String, String> machines = new LinkedHashMap<>();
        runs.stream().map(RecordedRun::machine).distinct().forEach(m -> machines.put(m, "M" + (machines.size() + 1)));
        Function<RecordedRun, String> group = r -> (r.scaleOut().isEmpty() ? r.series() : r.series() + " (" + r.scaleOut() + ")")
                + (machines.size() > 1 ? " · " + machines.get(r.machine()) : "");
        Map<String, String> colours = new HashMap<>();
        List<Operation> operations = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        for (String label : RecordedRun.operations(runs)) {
            String id = "scaling-" + Chart.slug(label);
            Operation op = new Operation(label,
                    ScalingCharts.chart(id + "-latency", label + ": latency", runs, label, group,
                            List.of(ScalingCharts.P50, ScalingCharts.P95), "ms", colours),
                    ScalingCharts.chart(id + "-throughput", label + ": throughput", runs, label, group,
                            List.of(ScalingCharts.THROUGHPUT), "req/s", colours));
            operations.add(op);
            charts.add(op.latency());
            charts.add(op.throughput());
        }
        Chart replicas = ScalingCharts.byInstances("scaling-replicas", history.latestComplete(r -> true), colours);
        if (replicas != null) {
            charts.add(replicas);
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("replicas", replicas);
        model.put("operations", operations);
        model.put("runs", runs);
        model.put("machines", machines.size() > 1 ? machines : Map.of());
        return new Page("scaling.html", "scaling", "Scaling", model, charts);
    }
}
