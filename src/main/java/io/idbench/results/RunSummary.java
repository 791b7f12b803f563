package io.idbench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import java.util.Map;

/**
 * The head of a run's {@code summary.json}, bound by Jackson: who ran what, on which machine, how
 * it ended, and its figures. What makes two recorded runs comparable (the machine and the shape
 * of their workload) and whether to trust one are decided here. The record's other parts (the
 * figures per label, repetitions, telemetry, cost) are read where they are used.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunSummary(
        String scenario,
        String runId,
        String status,
        String statusReason,
        String started,
        String disturbed,
        Map<String, String> parameters,
        Environment environment,
        Map<String, Map<String, Interval>> intervals) {

    /** The machine and software a run ran on. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Environment(int cpus, String cpuModel, double memoryBytes, String gitCommit) {}

    /** A figure's confidence interval. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Interval(double value, double low, double high) {}

    public RunSummary {
        parameters = parameters == null ? Map.of() : parameters;
        environment = environment == null ? new Environment(0, null, 0, null) : environment;
        intervals = intervals == null ? Map.of() : intervals;
    }

    public static RunSummary of(JsonNode summary) {
        return Json.mapper().convertValue(summary, RunSummary.class);
    }

    /** A parameter as recorded, "" when the run has none. */
    public String parameter(String key) {
        String v = parameters.get(key);
        return v == null ? "" : v;
    }

    /**
     * Runs of one machine are compared with each other only: CPUs, CPU model and memory name it, after the name the run was
     * given ({@code machine}, e.g. a build agent's), so that two agents of the same hardware stay apart.
     */
    public String machine() {
        long gib = Math.round(environment.memoryBytes() / (1L << 30));
        String model = environment.cpuModel() == null ? "unknown CPU" : environment.cpuModel();
        String hardware = environment.cpus() + " x " + model + ", " + gib + " GiB";
        return parameter("machine").isBlank() ? hardware : parameter("machine") + " (" + hardware + ")";
    }

    /** The parameters two runs must share for one to be the other's baseline: threads, loops, duration and so on. */
    public String shape() {
        StringBuilder s = new StringBuilder();
        for (String key : Comparison.SHAPE) {
            s.append(key).append('=').append(parameter(key)).append(' ');
        }
        // A later parameter only when it is not what every earlier run had: their shapes stay as they were.
        Comparison.LATER_SHAPE.forEach((key, earlier) -> {
            if (!parameter(key).isEmpty() && !parameter(key).equals(earlier)) {
                s.append(key).append('=').append(parameter(key)).append(' ');
            }
        });
        return s.toString().trim();
    }

    /** Complete, not disturbed, no calibration handicap: a run a verdict and a baseline can stand on. */
    public boolean trustworthy() {
        return RunRecord.COMPLETE.equals(status) && disturbed == null && parameter("handicap").isBlank();
    }
}
