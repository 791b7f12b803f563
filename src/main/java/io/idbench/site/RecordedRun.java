package io.idbench.site;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.results.ScenarioNames;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** One recorded run ({@code <results>/<scenario>/<run-id>/summary.json}) as the site reads it. */
public record RecordedRun(Path dir, JsonNode summary) {
    /** The plan of the 2018 study; the overview, scaling and 2018 pages are about it. */
    public static final String PLAN_1 = "heterogeneous";
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    public String scenario() {
        return summary.path("scenario").asText(dir.getParent().getFileName().toString());
    }

    public String runId() {
        return summary.path("runId").asText(dir.getFileName().toString());
    }

    public String status() {
        return summary.path("status").asText("unknown");
    }

    public String statusReason() {
        return summary.path("statusReason").asText("");
    }

    public boolean complete() {
        return "complete".equals(status());
    }

    public Instant started() {
        String s = summary.path("started").asText("");
        return s.isEmpty() ? Instant.EPOCH : Instant.parse(s);
    }

    /** The start, to the minute, UTC: how trends name a run. */
    public String when() {
        return WHEN.format(started());
    }

    public String parameter(String key) {
        return summary.path("parameters").path(key).asText("");
    }

    public String plan() {
        return parameter("plan");
    }

    public long users() {
        return summary.path("parameters").path("users").asLong(0);
    }

    public int threads() {
        return summary.path("parameters").path("threads").asInt(0);
    }

    public boolean openModel() {
        return summary.path("parameters").path("rate").asDouble(0) > 0;
    }

    /** The storage x dyn x search combination, as 2018 named it: jsonb-nodyn-es. */
    public String axes() {
        return ScenarioNames.axes(parameter("storage"), Boolean.parseBoolean(parameter("dyn")), parameter("search"));
    }

    /** Runs of one machine are compared with each other only: CPUs, CPU model and memory name it. */
    public String machine() {
        JsonNode env = summary.path("environment");
        long gib = Math.round(env.path("memoryBytes").asDouble(0) / (1L << 30));
        return env.path("cpus").asInt(0) + " x " + env.path("cpuModel").asText("unknown CPU") + ", " + gib + " GiB";
    }

    public String commit() {
        String c = summary.path("environment").path("gitCommit").asText("");
        return c.length() > 7 ? c.substring(0, 7) : c;
    }

    /** The run's median figures per label: throughput, mean, p50, p95, p99, errorRate. */
    public JsonNode labels() {
        return summary.path("labels");
    }

    /** A median figure of a label, NaN when the run has none. */
    public double figure(String label, String figure) {
        JsonNode v = labels().path(label).path(figure);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    /** Where the run's page is, relative to the site's root. */
    public String page() {
        return "runs/" + scenario() + "/" + runId() + "/index.html";
    }

    /** The shape a run must share with another to be compared on a trend: threads, loops, duration and so on. */
    public String shape() {
        StringBuilder s = new StringBuilder();
        for (String key : io.idbench.results.Comparison.SHAPE) {
            s.append(key).append('=').append(parameter(key)).append(' ');
        }
        return s.toString().trim();
    }

    /** The operations (labels) the runs recorded, in the order they recorded them, ALL last; none for no runs. */
    public static java.util.List<String> operations(java.util.Collection<RecordedRun> runs) {
        java.util.Set<String> labels = new java.util.LinkedHashSet<>();
        runs.forEach(r -> r.labels().fieldNames().forEachRemaining(labels::add));
        if (labels.remove(io.idbench.results.RunStatistics.ALL)) {
            labels.add(io.idbench.results.RunStatistics.ALL);
        }
        return new java.util.ArrayList<>(labels);
    }
}
