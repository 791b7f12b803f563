package io.idbench.site;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.results.Bootstrap;
import io.idbench.results.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One run: its record copied beside the page (summary.json, the JTL and JMeter dashboard, the
 * service's log), and the page: the figures over all repetitions with their confidence intervals,
 * the cost per request of each component and the machine's state (disturbed or not), the warm-up
 * of each repetition, an interleaved comparison's verdict, each repetition's figures and their
 * spread, the percentile curve and latency histogram, the server's telemetry, parameters with
 * their origins, environment and seed. A calibration handicap or a disturbance is said on top.
 */
final class RunPage {
    private RunPage() {
    }

    /** Figures of a label as the statistics table shows them, in this order. */
    static final List<String> FIGURES = List.of("samples", "errors", "throughput", "mean", "min", "p50", "p90", "p95", "p99", "p999",
            "max");

    record Repetition(int number, String dashboard, String jtl, Map<String, Object> excludedPhases, long partialConcurrencySamples,
            List<List<String>> rows, List<String> brief) {
    }

    /** The figures of the pooled table, each with its interval: p50 [low, high]… */
    static final List<String> POOLED = List.of("p50", "p95", "p99", "throughput", "serverP50", "serverP95", "serverCpuUs");

    /** One label over all repetitions: samples, error %, then each of {@link #POOLED} with its interval, "–" when absent. */
    record Pooled(String label, String samples, String errorPct, List<String> cells) {
    }

    /** @param withFiles whether the run's JTLs, dashboards and log come along, or only its summary.json */
    static Page build(RecordedRun run, Path siteRoot, boolean withFiles) throws IOException {
        String dir = run.page().substring(0, run.page().lastIndexOf('/'));
        Path copied = siteRoot.resolve(dir);
        if (withFiles) {
            FileTrees.copy(run.dir(), copied);
        } else {
            Files.createDirectories(copied);
            Files.copy(run.dir().resolve("summary.json"), copied.resolve("summary.json"));
        }
        JsonNode s = run.summary();
        List<Repetition> reps = new ArrayList<>();
        for (JsonNode rep : s.path("repetitions")) {
            List<List<String>> rows = new ArrayList<>();
            rep.path("labels").fields().forEachRemaining(e -> rows.add(row(e.getKey(), e.getValue())));
            reps.add(new Repetition(rep.path("repetition").asInt(), existing(copied, rep.path("dashboard").asText("")),
                    existing(copied, rep.path("jtl").asText("")), map(rep.path("excludedPhases")),
                    rep.path("partialConcurrencySamples").asLong(),
                    rows, brief(rep)));
        }
        List<Chart> charts = new ArrayList<>();
        String id = "run-" + Chart.slug(run.scenario() + "-" + run.runId());
        JsonNode last = s.path("repetitions").path(s.path("repetitions").size() - 1);
        if (last.has("distributions")) {
            charts.add(percentiles(id, last));
            charts.add(histogram(id, s.path("repetitions")));
        }
        List<Chart> costCharts = new ArrayList<>();
        if (s.path("cost").path("cpuUsPerRequest").isObject()) {
            costCharts.add(cost(id, s.path("cost").path("cpuUsPerRequest")));
        }
        boolean settled = s.path("settling").path(0).path("warmup").isObject();
        JsonNode firstWarmUp = (settled ? s.path("settling") : s.path("repetitions")).path(0).path("warmup");
        if (firstWarmUp.path("windows").size() > 1) {
            costCharts.add(warmUp(id, firstWarmUp, settled ? "the settling repetition" : "repetition 1"));
        }
        charts.addAll(costCharts);
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("run", run);
        model.put("summary", map(s));
        model.put("figures", FIGURES);
        model.put("repetitions", reps);
        model.put("settling", settling(s));
        model.put("spread", map(s.path("spread")));
        model.put("files", files(copied));
        model.put("runFiles", runFiles(copied, s));
        model.put("charts", charts.stream().filter(c -> !costCharts.contains(c)).toList());
        model.put("costCharts", costCharts);
        model.put("pooled", pooled(run));
        model.put("pooledFigures", POOLED);
        return new Page(run.page(), "run", run.scenario() + " " + run.runId(), model, charts);
    }

    /** JSON as maps and lists, which templates iterate as entries (a JsonNode iterates its values only). */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(JsonNode node) {
        return node.isObject() ? Json.mapper().convertValue(node, Map.class) : Map.of();
    }

    private static List<String> row(String label, JsonNode stats) {
        List<String> row = new ArrayList<>(List.of(label));
        for (String f : FIGURES) {
            row.add(Table.number(stats.path(f).asDouble(Double.NaN)));
        }
        row.add(Table.number(stats.path("errorRate").asDouble(Double.NaN) * 100));
        row.add(Table.number(stats.path("server").path("p50").asDouble(Double.NaN)));
        row.add(Table.number(stats.path("server").path("p99").asDouble(Double.NaN)));
        return row;
    }

    /** A link to a file of the copied record, only when it is there (old records and fixtures may lack dashboards). */
    private static String existing(Path copied, String relative) {
        return !relative.isEmpty() && Files.isRegularFile(copied.resolve(relative)) ? relative : null;
    }

    private static List<String> files(Path copied) {
        return List.of("summary.json", "service.log").stream().filter(f -> Files.isRegularFile(copied.resolve(f))).toList();
    }

    /** The run's JTL and JMeter dashboard (one for all repetitions), where they were copied. */
    private static Map<String, String> runFiles(Path copied, JsonNode s) {
        Map<String, String> out = new LinkedHashMap<>();
        String jtl = existing(copied, s.path("jtl").asText(""));
        String dashboard = existing(copied, s.path("dashboard").asText(""));
        if (jtl != null) {
            out.put("JTL (every sample)", jtl);
        }
        if (dashboard != null) {
            out.put("JMeter dashboard", dashboard);
        }
        return out;
    }

    /** Per label, the pooled figures with their intervals, as the statistics table shows them. */
    private static List<Pooled> pooled(RecordedRun run) {
        List<Pooled> out = new ArrayList<>();
        if (run.head().intervals().isEmpty()) {
            return out;
        }
        run.labels().fields().forEachRemaining(e -> {
            List<String> cells = new ArrayList<>();
            for (String f : POOLED) {
                RunSummary.Interval i = run.interval(e.getKey(), f);
                cells.add(i == null ? "–" : Table.number(i.value()) + " [" + Table.number(i.low()) + ", " + Table.number(i.high()) + "]");
            }
            out.add(new Pooled(e.getKey(), Table.number(e.getValue().path("samples").asDouble(Double.NaN)),
                    Table.number(e.getValue().path("errorRate").asDouble(Double.NaN) * 100), cells));
        });
        return out;
    }

    /** One line per settling repetition: its warm-up, and its throughput against the measured repetitions' median. */
    private static List<String> settling(JsonNode s) {
        double[] measured = new double[s.path("repetitions").size()];
        for (int i = 0; i < measured.length; i++) {
            measured[i] = s.path("repetitions").path(i).path("figures").path("ALL").path("throughput").asDouble(Double.NaN);
        }
        double median = Bootstrap.median(measured);
        List<String> out = new ArrayList<>();
        for (JsonNode rep : s.path("settling")) {
            List<String> parts = brief(rep);
            double t = rep.path("figures").path("ALL").path("throughput").asDouble(Double.NaN);
            if (Double.isFinite(t)) {
                parts.add("ALL " + Table.number(t) + " req/s" + (median > 0 ? String.format(Locale.ROOT, ", %.2f of the measured"
                        + " repetitions' median", t / median) : ""));
            }
            out.add("Settling repetition " + rep.path("repetition").asInt() + (parts.isEmpty() ? "" : ": " + String.join("; ", parts)));
        }
        return out;
    }

    /** One line per repetition: its warm-up, its ALL figures, its cost. */
    private static List<String> brief(JsonNode rep) {
        List<String> out = new ArrayList<>();
        JsonNode w = rep.path("warmup");
        if (w.isObject()) {
            out.add("warm-up " + Table.number(w.path("seconds").asDouble()) + " s" + (w.path("steady").asBoolean()
                    ? ", steady after " + Table.number(w.path("steadyAfterSeconds").asDouble()) + " s" : ", not steady (capped)"));
        }
        if (rep.has("measuredSeconds")) {
            out.add("measured " + Table.number(rep.path("measuredSeconds").asDouble()) + " s");
        }
        JsonNode c = rep.path("cost");
        if (c.isObject()) {
            double sut = 0;
            for (String k : List.of("service", "postgresql", "engine")) {
                sut += c.path("components").path(k).path("cpuUsPerRequest").asDouble(0);
            }
            out.add("system CPU " + Table.number(sut) + " µs/request, others "
                    + Table.number(c.path("machine").path("othersPct").asDouble())
                    + "% of the machine");
        }
        return out;
    }

    /** CPU µs per request of each component, with the interval as two more bars' worth of numbers in the table. */
    private static Chart cost(String id, JsonNode cpu) {
        List<Chart.Point> value = new ArrayList<>();
        List<Chart.Point> low = new ArrayList<>();
        List<Chart.Point> high = new ArrayList<>();
        cpu.fields().forEachRemaining(e -> {
            value.add(new Chart.Point(e.getKey(), e.getValue().path("value").asDouble()));
            low.add(new Chart.Point(e.getKey(), e.getValue().path("low").asDouble()));
            high.add(new Chart.Point(e.getKey(), e.getValue().path("high").asDouble()));
        });
        return new Chart(id + "-cost", "CPU per request, by component (µs; 95% interval)", Chart.BAR,
                new Chart.Axis("component", false, false),
                new Chart.Axis("CPU µs per request", false, true), List.of(new Chart.Series("low", Chart.colour(8), false, low),
                        new Chart.Series("CPU µs per request", Chart.colour(0), false, value),
                        new Chart.Series("high", Chart.colour(1), false, high)));
    }

    /** The run's first warm-up: all threads' throughput per window until the detector found it steady. */
    private static Chart warmUp(String id, JsonNode warmup, String which) {
        List<Chart.Point> points = new ArrayList<>();
        double width = warmup.path("windowSeconds").asDouble(2);
        int k = 0;
        for (JsonNode w : warmup.path("windows")) {
            points.add(new Chart.Point(Table.number(++k * width) + " s", w.asDouble()));
        }
        return new Chart(id + "-warmup", "Warm-up of " + which + ": throughput per window", Chart.LINE,
                new Chart.Axis("since every thread ran", false, false), new Chart.Axis("req/s", false, true),
                List.of(new Chart.Series("all threads", Chart.colour(0), false, points)));
    }

    /** Latency at each percentile, one line per label, of the last (warmest) repetition. */
    private static Chart percentiles(String id, JsonNode rep) {
        List<Chart.Series> series = new ArrayList<>();
        rep.path("distributions").fields().forEachRemaining(e -> {
            List<Chart.Point> points = new ArrayList<>();
            for (JsonNode p : e.getValue().path("percentiles")) {
                points.add(
                        new Chart.Point("p" + Table.number(p.path("percentile").asDouble()), Math.max(p.path("millis").asDouble(), 0.5)));
            }
            series.add(new Chart.Series(e.getKey(), Chart.colour(series.size()), e.getKey().equals("ALL"), points));
        });
        return new Chart(id + "-percentiles", "Percentile curve (repetition " + rep.path("repetition").asInt() + ")", Chart.LINE,
                new Chart.Axis("percentile", false, false), new Chart.Axis("ms", true, true), series);
    }

    /** All operations' latencies in buckets growing by half powers of two, one set of bars per repetition. */
    private static Chart histogram(String id, JsonNode reps) {
        List<Chart.Series> series = new ArrayList<>();
        for (JsonNode rep : reps) {
            if (!rep.has("distributions")) {
                continue; // only the last repetition keeps its distribution in newer records
            }
            List<Chart.Point> points = new ArrayList<>();
            for (JsonNode b : rep.path("distributions").path("ALL").path("histogram")) {
                points.add(new Chart.Point(b.path("fromMillis").asLong() + "-" + b.path("toMillis").asLong() + " ms",
                        b.path("count").asDouble()));
            }
            series.add(new Chart.Series("repetition " + rep.path("repetition").asInt(), Chart.colour(series.size()), false, points));
        }
        return new Chart(id + "-histogram", "Latency histogram, all operations", Chart.BAR, new Chart.Axis("latency", false, false),
                new Chart.Axis("samples", false, true), series);
    }
}
