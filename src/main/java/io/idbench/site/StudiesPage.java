package io.idbench.site;

import io.idbench.config.Plan;

import io.idbench.results.RunStatistics;
import io.idbench.results.ScenarioNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The other three studies of docs/workload.md: plan 4 as Stellio reported it (threads x size -> req/s and
 * p95, per operation), plan 2's read flood against the size (the Apicurio claim: read latency does
 * not depend on it), and plan 3's members operations against the size.
 */
final class StudiesPage {

    private StudiesPage() {
    }

    /** One Stellio table: a storage on a machine; rows operation x size, columns threads x (req/s, p95). */
    record StellioTable(String id, String machine, String axes, List<Integer> threads, Table table) {
    }

    static Page build(RunHistory history) {
        List<Chart> charts = new ArrayList<>();
        boolean machines = history.machines().size() > 1;
        Function<RecordedRun, String> machine = r -> machines ? " (" + r.machine() + ")" : "";
        Map<String, String> colours = new HashMap<>();

        List<RecordedRun> flood = history.latestComplete(r -> r.plan() == Plan.READ_FLOOD, RecordedRun::openModel);
        Function<RecordedRun, String> model = r -> r.series() + (r.openModel() ? ", open " + r.parameter("rate") + " req/s"
                : ", closed " + r.threads() + " threads") + machine.apply(r);
        if (!flood.isEmpty()) {
            charts.add(ScalingCharts.chart("read-flood-latency", "Read flood: latency against size", flood, RunStatistics.ALL, model,
                    List.of(ScalingCharts.P50, ScalingCharts.P95), "ms", colours));
            charts.add(ScalingCharts.chart("read-flood-throughput", "Read flood: throughput against size", flood, RunStatistics.ALL, model,
                    List.of(ScalingCharts.THROUGHPUT), "req/s", colours));
        }

        List<RecordedRun> members = history.latestComplete(r -> r.plan() == Plan.MEMBERS);
        List<Chart> memberCharts = new ArrayList<>();
        for (String op : RecordedRun.operations(members)) {
            memberCharts.add(ScalingCharts.chart("members-" + Chart.slug(op), "Members: " + op, members, op,
                    r -> r.series() + machine.apply(r), List.of(ScalingCharts.P50, ScalingCharts.P95), "ms", colours));
        }
        charts.addAll(memberCharts);

        List<RecordedRun> queries = history.latestComplete(r -> r.plan() == Plan.QUERY_VALUES, RecordedRun::threads);
        Map<String, Object> model2 = new LinkedHashMap<>();
        model2.put("flood", flood);
        model2.put("floodCharts", charts.subList(0, flood.isEmpty() ? 0 : 2));
        model2.put("memberCharts", memberCharts);
        List<StellioTable> stellio = stellio(queries);
        model2.put("stellio", stellio);
        return new Page("studies.html", "studies", "Studies", model2, charts, stellio.stream().map(StellioTable::table).toList());
    }

    private static List<StellioTable> stellio(List<RecordedRun> runs) {
        Map<String, List<RecordedRun>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(r.machine() + "\u0000" + r.axes(), k -> new ArrayList<>()).add(r));
        List<StellioTable> out = new ArrayList<>();
        for (List<RecordedRun> group : groups.values()) {
            List<Integer> threads = new ArrayList<>(new TreeSet<>(group.stream().map(RecordedRun::threads).toList()));
            List<Long> sizes = new ArrayList<>(new TreeSet<>(group.stream().map(RecordedRun::users).toList()));
            List<String> header = new ArrayList<>(List.of("operation", "identities"));
            threads.forEach(t -> {
                header.add(t + " threads: req/s");
                header.add(t + " threads: p95 (ms)");
            });
            List<List<String>> rows = new ArrayList<>();
            for (String op : RecordedRun.operations(group)) {
                for (long size : sizes) {
                    List<String> row = new ArrayList<>(List.of(op, ScenarioNames.size(size)));
                    for (int t : threads) {
                        RecordedRun r = group.stream().filter(x -> x.users() == size && x.threads() == t).findFirst().orElse(null);
                        row.add(r == null ? "" : Table.number(Math.round(r.figure(op, "throughput") * 10) / 10.0));
                        row.add(r == null ? "" : Table.number(r.figure(op, "p95")));
                    }
                    rows.add(row);
                }
            }
            RecordedRun first = group.get(0);
            String id = "stellio-" + (out.size() + 1) + "-" + Chart.slug(first.axes());
            out.add(new StellioTable(id, first.machine(), first.axes(), threads, new Table(id, header, rows)));
        }
        return out;
    }
}
