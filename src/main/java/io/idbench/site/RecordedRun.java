package io.idbench.site;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.results.RunIdentity;
import io.idbench.results.RunStatistics;
import io.idbench.results.ScenarioNames;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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

    /** Why other processes or the hypervisor took too much of the machine during the run, or null: such a run has no verdict. */
    public String disturbed() {
        return summary.hasNonNull("disturbed") ? summary.path("disturbed").asText() : null;
    }

    /** The calibration handicap the service ran with (update:10%…), or null: such a run is not a real measurement. */
    public String handicap() {
        String h = parameter("handicap");
        return h.isBlank() ? null : h;
    }

    /** Complete, undisturbed and without a handicap: a run a verdict and a baseline can stand on. */
    public boolean trustworthy() {
        return RunIdentity.trustworthy(summary);
    }

    /** A figure's confidence interval as recorded ({value, low, high, logSe}), or a missing node. */
    public JsonNode interval(String label, String figure) {
        return summary.path("intervals").path(label).path(figure);
    }

    /** "±4%": half the interval's width relative to the value, or "" without one. */
    public String plusMinus(String label, String figure) {
        JsonNode i = interval(label, figure);
        double v = i.path("value").asDouble(Double.NaN);
        double half = (i.path("high").asDouble(Double.NaN) - i.path("low").asDouble(Double.NaN)) / 2;
        return Double.isFinite(v) && Double.isFinite(half) && v > 0 ? "±" + Math.round(half / v * 100) + "%" : "";
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
        return RunIdentity.machine(summary);
    }

    public String commit() {
        String c = summary.path("environment").path("gitCommit").asText("");
        return c.length() > 7 ? c.substring(0, 7) : c;
    }

    /** The run's median figures per label: throughput, mean, p50, p95, p99, errorRate. */
    public JsonNode labels() {
        return summary.path("labels");
    }

    /** A figure of a label (its interval's value when only the interval has it: systemCpuUs), NaN when the run has none. */
    public double figure(String label, String figure) {
        JsonNode v = labels().path(label).path(figure);
        if (!v.isNumber()) {
            v = interval(label, figure).path("value");
        }
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    /** Where the run's page is, relative to the site's root. */
    public String page() {
        return "runs/" + scenario() + "/" + runId() + "/index.html";
    }

    /** The shape a run must share with another to be compared on a trend: threads, loops, duration and so on. */
    public String shape() {
        return RunIdentity.shape(summary);
    }

    /** The operations (labels) the runs recorded, in the order they recorded them, ALL last; none for no runs. */
    public static List<String> operations(Collection<RecordedRun> runs) {
        Set<String> labels = new LinkedHashSet<>();
        runs.forEach(r -> r.labels().fieldNames().forEachRemaining(labels::add));
        if (labels.remove(RunStatistics.ALL)) {
            labels.add(RunStatistics.ALL);
        }
        return new ArrayList<>(labels);
    }
}
