package io.idbench.results;

import com.fasterxml.jackson.databind.JsonNode;

/** What makes two recorded runs comparable: the machine they ran on and the shape of their workload; and whether to trust one. */
public final class RunIdentity {
    private RunIdentity() {
    }

    /** Runs of one machine are compared with each other only: CPUs, CPU model and memory name it. */
    public static String machine(JsonNode summary) {
        JsonNode env = summary.path("environment");
        long gib = Math.round(env.path("memoryBytes").asDouble(0) / (1L << 30));
        return env.path("cpus").asInt(0) + " x " + env.path("cpuModel").asText("unknown CPU") + ", " + gib + " GiB";
    }

    /** The parameters two runs must share for one to be the other's baseline: threads, loops, duration and so on. */
    public static String shape(JsonNode summary) {
        StringBuilder s = new StringBuilder();
        for (String key : Comparison.SHAPE) {
            s.append(key).append('=').append(summary.path("parameters").path(key).asText("")).append(' ');
        }
        return s.toString().trim();
    }

    /** Complete, not disturbed, no calibration handicap: a run a verdict and a baseline can stand on. */
    public static boolean trustworthy(JsonNode summary) {
        return "complete".equals(summary.path("status").asText()) && !summary.hasNonNull("disturbed")
                && summary.path("parameters").path("handicap").asText("").isBlank();
    }
}
