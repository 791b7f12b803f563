package io.idbench.site;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.results.FileTrees;
import io.idbench.service.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run: its record copied beside the page (summary.json, each repetition's JTL and JMeter
 * dashboard, the service's log), and the page: parameters with their origins, environment, seed,
 * per-label statistics of each repetition, the percentile curve and latency histogram, the
 * server's telemetry, and the repetitions' spread.
 */
final class RunPage {
    private RunPage() {
    }

    /** Figures of a label as the statistics table shows them, in this order. */
    static final List<String> FIGURES = List.of("samples", "errors", "throughput", "mean", "min", "p50", "p90", "p95", "p99", "p999",
            "max");

    record Repetition(int number, String dashboard, String jtl, Map<String, Object> excludedPhases, long partialConcurrencySamples,
                      List<List<String>> rows) {
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
                    existing(copied, rep.path("jtl").asText("")), map(rep.path("excludedPhases")), rep.path("partialConcurrencySamples").asLong(),
                    rows));
        }
        List<Chart> charts = new ArrayList<>();
        String id = "run-" + Chart.slug(run.scenario() + "-" + run.runId());
        JsonNode last = s.path("repetitions").path(s.path("repetitions").size() - 1);
        if (last.has("distributions")) {
            charts.add(percentiles(id, last));
            charts.add(histogram(id, s.path("repetitions")));
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("run", run);
        model.put("summary", map(s));
        model.put("figures", FIGURES);
        model.put("repetitions", reps);
        model.put("spread", map(s.path("spread")));
        model.put("files", files(copied));
        model.put("charts", charts);
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

    /** Latency at each percentile, one line per label, of the last (warmest) repetition. */
    private static Chart percentiles(String id, JsonNode rep) {
        List<Chart.Series> series = new ArrayList<>();
        rep.path("distributions").fields().forEachRemaining(e -> {
            List<Chart.Point> points = new ArrayList<>();
            for (JsonNode p : e.getValue().path("percentiles")) {
                points.add(new Chart.Point("p" + Table.number(p.path("percentile").asDouble()), Math.max(p.path("millis").asDouble(), 0.5)));
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
            List<Chart.Point> points = new ArrayList<>();
            for (JsonNode b : rep.path("distributions").path("ALL").path("histogram")) {
                points.add(new Chart.Point(b.path("fromMillis").asLong() + "-" + b.path("toMillis").asLong() + " ms", b.path("count").asDouble()));
            }
            series.add(new Chart.Series("repetition " + rep.path("repetition").asInt(), Chart.colour(series.size()), false, points));
        }
        return new Chart(id + "-histogram", "Latency histogram, all operations", Chart.BAR, new Chart.Axis("latency", false, false),
                new Chart.Axis("samples", false, true), series);
    }
}
