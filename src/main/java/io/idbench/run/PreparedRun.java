package io.idbench.run;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.idbench.config.Plan;
import io.idbench.config.Protocol;
import io.idbench.config.TargetKind;
import io.idbench.record.Side;
import java.util.List;
import java.util.Map;

/**
 * The prepared run as the preparation resolved it and the run's later phases read it, in memory. Paths are kept as plain
 * strings, and it serializes with Jackson as it is (the tests read it so).
 *
 * @param baseline the committed baseline to judge the run against, or null
 * @param tolerance the baseline verdict's minimum effect in percent, with a baseline
 * @param versus the other side of an interleaved comparison ({@code -Dversus}), or null
 * @param schedule with {@code versus}, the order of the sides' repetitions ("A", "B", …)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record PreparedRun(
        String scenario,
        String runId,
        String recordDir,
        String prepared,
        Settings settings,
        Thresholds thresholds,
        String baseline,
        Double tolerance,
        Plan plan,
        int repeat,
        Map<String, String> parameters,
        Map<String, String> parameterOrigins,
        String scenarioFile,
        Versus versus,
        List<Side> schedule) implements RunSide {

    /**
     * What the steps after prepare need of the run's settings.
     *
     * @param target what is provisioned: idbench's service or a product; null when not given
     * @param instances the service's processes on its one database (replicas); 0 when not given
     * @param remoteEngines the remote JMeter engines (host:port) that run the plan; none: the build's own JMeter
     */
    public record Settings(
            Plan plan, int threads, boolean openModel, boolean provisioned, int startTimeout, String serviceHeap, TargetKind target,
            int instances, List<String> remoteEngines) {

        public Settings {
            remoteEngines = remoteEngines == null ? List.of() : List.copyOf(remoteEngines);
        }

        /** Whether the provisioned target is idbench's own service (with its telemetry and login). */
        public boolean idbenchService() {
            return provisioned && (target == null || target.ownService());
        }

        /** What the plan spoke to the target. */
        public Protocol protocol() {
            return (target == null ? TargetKind.IDBENCH : target).protocol();
        }
    }

    /** The limits a run must keep to pass (0: none). */
    public record Thresholds(double maxErrorPct, long maxP95, long maxP99) {}

    /**
     * Side B of an interleaved comparison: its record and its own service's jar (null: this build's).
     *
     * @param forks service processes per side, each measured for the run's rounds; null: 1
     * @param primary the figures the verdict judges first; null: the default ones
     * @param duet    both sides measured at once, half the threads each (versus.mode=duet); null: interleaved
     * @param reference the side the other is judged against; null: A
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Versus(
            String scenario,
            String runId,
            String recordDir,
            String jar,
            double tolerance,
            Double instanceNoise,
            Map<String, String> parameters,
            Map<String, String> parameterOrigins,
            String scenarioFile,
            Integer forks,
            List<String> primary,
            Boolean duet,
            Side reference) implements RunSide {

        /** Service processes per side (versus.forks). */
        public int forkCount() {
            return forks == null ? 1 : forks;
        }
    }

    public boolean interleaved() {
        return versus != null;
    }
}
