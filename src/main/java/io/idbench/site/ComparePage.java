package io.idbench.site;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.idbench.common.Json;
import io.idbench.record.BetweenRuns;
import io.idbench.record.Interval;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import io.idbench.results.ScenarioNames;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Compare, in ClickBench's manner: the newest complete run of every scenario (on every machine) as data in the page; the
 * reader picks scenarios by storage, engine, memberships, size, target, machine and plan, then an operation and a figure,
 * and sees relative bars against the best with each run's interval between separate runs. The choice lives in the URL's
 * fragment, so a link reproduces the view; it needs no server (the page's own script, site/templates/compare-script.peb, reads the data from the page, also from file://).
 */
final class ComparePage {
    /** The figures the page offers, with the unit and which way is better. */
    static final List<Map<String, Object>> FIGURES = List.of(figure("throughput", "req/s", true), figure("p50", "ms", false),
            figure("p95", "ms", false), figure("p99", "ms", false), figure("serverCpuUs", "µs of service CPU", false),
            figure("systemCpuUs", "µs of system CPU", false));

    private ComparePage() {
    }

    /** @param betweenRuns a run's intervals for comparing it with a separate run (as its page shows them), or null */
    static Page build(RunHistory history, Function<RecordedRun, BetweenRuns> betweenRuns) {
        List<Map<String, Object>> runs = history.latestComplete(r -> true).stream().map(r -> entry(r, betweenRuns.apply(r))).toList();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("figures", FIGURES);
        data.put("runs", runs);
        Map<String, Object> model = new LinkedHashMap<>();
        try {
            model.put("data", Json.mapper().writeValueAsString(data).replace("</", "<\\/"));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        model.put("runCount", runs.size());
        model.put("plans", runs.stream().map(r -> r.get("plan")).distinct().toList());
        model.put("choices", firstView(runs));
        return new Page("compare.html", "compare", "Compare", model, List.of());
    }

    /** The dimensions a reader picks runs by, in the order the page shows them. */
    static final List<String> DIMENSIONS = List.of("target", "storage", "engine", "memberships", "size", "machine");

    /**
     * The choices of the first plan, every one ticked, as the script draws them on arrival: rendered with the page, so that
     * nothing moves when the script fills them in. Per dimension its values, in order of appearance (sizes smallest first).
     */
    static Map<String, List<Object>> firstView(List<Map<String, Object>> runs) {
        Map<String, List<Object>> out = new LinkedHashMap<>();
        if (runs.isEmpty()) {
            return out;
        }
        Object plan = runs.get(0).get("plan");
        List<Map<String, Object>> inPlan = runs.stream().filter(r -> r.get("plan").equals(plan)).toList();
        for (String dim : DIMENSIONS) {
            List<Map<String, Object>> ordered = dim.equals("size")
                    ? inPlan.stream().sorted(Comparator.comparingLong(r -> (Long) r.get("users"))).toList()
                    : inPlan;
            out.put(dim, ordered.stream().map(r -> r.get(dim)).distinct().toList());
        }
        return out;
    }

    /** One run as the page's script reads it: its dimensions, and per operation and figure [value, low, high] (bounds null without). */
    private static Map<String, Object> entry(RecordedRun r, BetweenRuns between) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("scenario", r.scenario());
        e.put("runId", r.runId());
        e.put("page", r.page());
        e.put("machine", r.machineLabel());
        e.put("plan", r.plan().id());
        boolean service = r.service();
        e.put("target", service ? "idbench" : r.series());
        e.put("storage", service ? r.storage().id() : "–");
        e.put("engine", service ? r.search().engine() ? r.search().id() : "none" : "–");
        e.put("memberships", service ? r.dynamic() ? "dynamic" : "static" : "–");
        e.put("started", r.started().toString());
        e.put("code", r.codeLabel());
        e.put("untrusted", r.trustworthy() ? null : r.disturbed() != null ? "disturbed" : "handicapped");
        e.put("size", ScenarioNames.size(r.users()));
        e.put("users", r.users());
        e.put("shape", r.load().driven());
        e.put("trustworthy", r.trustworthy());
        Map<String, Map<String, Object[]>> ops = new LinkedHashMap<>();
        r.labels().keySet().forEach(label -> {
            Map<String, Object[]> figures = new LinkedHashMap<>();
            for (Map<String, Object> f : FIGURES) {
                String name = (String) f.get("name");
                double v = r.figure(label, name);
                if (Double.isFinite(v) && v > 0) {
                    Interval i = between == null ? null : between.interval(label, name);
                    figures.put(name, new Object[] {v, i == null ? null : i.low(), i == null ? null : i.high()});
                }
            }
            ops.put(label, figures);
        });
        e.put("operations", ops);
        return e;
    }

    private static Map<String, Object> figure(String name, String unit, boolean higherIsBetter) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("name", name);
        f.put("unit", unit);
        f.put("higherIsBetter", higherIsBetter);
        return f;
    }
}
