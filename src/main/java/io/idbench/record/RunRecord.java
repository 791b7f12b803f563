package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.idbench.config.Parameters;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's record, {@code results/<scenario>/<run-id>/summary.json}: the contract the site, {@code idbench compare}, the
 * trends, the nightly job and other tools read. Written only through {@link RecordFile}; its JSON Schema is generated from
 * these types ({@code docs/summary.schema.json}). A record of an older {@link #schemaVersion} is brought up to date when
 * read ({@link RecordUpgrade}); every change of shape raises {@link #SCHEMA_VERSION} and adds an upgrade step.
 *
 * <p>In the order a run fills it: the status and head (scenario, run id, times, parameters and where each came from, the
 * machine), the dataset's seed, the service (and another product's probe), the server's telemetry, then the measurement:
 * the JTL and dashboard kept, each repetition, the spread of the repetitions, the figures over all repetitions pooled with
 * their 95 % intervals, the cost per request, the thresholds, and the verdicts against a baseline or the other side of an
 * interleaved run.
 *
 * @param wallTime  where the build's wall time went, phase by phase (absent in records written before it was kept)
 * @param labels    per label, the figures over all repetitions pooled: samples, errors, errorRate, throughput, mean, p50,
 *                  p95, p99, and the service's serverP50, serverP95, serverCpuUs where it sent them
 * @param operations per label the plan declares, what it measured: its kind (create, search, membership…) and interface;
 *                  what the results read, never the label's text
 * @param distributions per label, the percentile curve and latency histogram of every measured sample of every repetition
 *                  (their HdrHistograms merged); absent in records written before it was kept
 * @param intervals per label and figure, its value with a bootstrap interval (and the system's CPU per request, under ALL):
 *                  how the figure moves within this run
 * @param betweenRuns the same figures' intervals for comparing this run with a separate run: the run-to-run noise added
 * @param unsteady  the labels whose figures kept rising or falling over the repetitions, each with how: pooled all the same,
 *                  but not one steady figure
 * @param disturbed why other processes or the hypervisor took too much of the machine, or null: such a run has no verdict
 * @param sql       a staged plan's SQL per operation (label), from the target's pg_stat_statements; {@code sqlUnavailable}
 *                  says why there is none where it was asked for
 * @param operationCpu a plan measured operation by operation: per label, each component of the system under test's CPU µs
 *                  per request within that operation's spans
 */
@RecordBuilder
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record RunRecord(
        @JsonProperty(required = true) int schemaVersion,
        RunStatus status,
        String statusReason,
        String scenario,
        String runId,
        String started,
        String ended,
        WallTime wallTime,
        Map<String, String> parameters,
        Map<String, String> parameterOrigins,
        String scenarioFile,
        Environment environment,
        SeedRecord seed,
        Service service,
        Target target,
        Telemetry telemetry,
        String telemetryUnavailable,
        List<ReplicaTelemetry> replicaTelemetry,
        String jtl,
        String jtlNote,
        String dashboard,
        Map<String, JmeterEngine> engines,
        List<Repetition> settling,
        List<Repetition> repetitions,
        Map<String, Map<String, Spread>> spread,
        Map<String, Map<String, Double>> labels,
        Map<String, OperationType> operations,
        Map<String, Distribution> distributions,
        Timeline timeline,
        Cost cost,
        Map<String, String> unsteady,
        String disturbed,
        Map<String, Map<String, Interval>> intervals,
        BetweenRuns betweenRuns,
        Statistics statistics,
        Thresholds thresholds,
        BaselineVerdict comparison,
        Versus versus,
        Provisioning provisioning,
        Map<String, OperationSql> sql,
        String sqlUnavailable,
        Map<String, Map<String, Double>> operationCpu) implements RunRecordBuilder.With {

    /** The shape of this build's records. */
    public static final int SCHEMA_VERSION = 2;

    /** The label of all operations together. */
    public static final String ALL = "ALL";

    /**
     * The parameters that make two runs comparable, as every record has them: when they differ, the difference may be the
     * shape, not the code (the roles axis, workload, load and shape of {@link Parameters#ALL}).
     */
    public static final List<String> SHAPE = Parameters.comparabilityKeys(false);

    /**
     * Shape parameters that came after the first records, each with the value every run that does not record it had: its
     * default (the search engine's layout, the service's replicas, remote JMeter engines, the memory bounds, plan 5's load).
     * A cluster's, replicas' or distributed run is never compared with a single one.
     */
    public static final Map<String, String> LATER_SHAPE = laterShape();

    public RunRecord {
        parameters = parameters == null ? Map.of() : parameters;
        parameterOrigins = parameterOrigins == null ? Map.of() : parameterOrigins;
        replicaTelemetry = replicaTelemetry == null ? List.of() : replicaTelemetry;
        engines = engines == null ? Map.of() : engines;
        settling = settling == null ? List.of() : settling;
        repetitions = repetitions == null ? List.of() : repetitions;
        spread = spread == null ? Map.of() : spread;
        labels = labels == null ? Map.of() : labels;
        operations = operations == null ? Map.of() : operations;
        intervals = intervals == null ? Map.of() : intervals;
        unsteady = unsteady == null ? Map.of() : unsteady;
        distributions = distributions == null ? Map.of() : distributions;
    }

    private static Map<String, String> laterShape() {
        Map<String, String> m = new LinkedHashMap<>();
        Parameters.comparabilityKeys(true).forEach(key -> m.put(key, Parameters.of(key).defaultValue()));
        return Collections.unmodifiableMap(m);
    }

    /** A shape parameter as the run had it: recorded, or for a later one what every earlier run had. */
    public String shapeValue(String key) {
        return LATER_SHAPE.containsKey(key) ? later(key) : parameter(key);
    }

    /** A new record, status running: what a run knows when its service starts. */
    public static RunRecord opened(String scenario, String runId, String started, Map<String, String> parameters,
            Map<String, String> parameterOrigins, String scenarioFile, Environment environment) {
        return RunRecordBuilder.builder().schemaVersion(SCHEMA_VERSION).status(RunStatus.RUNNING).scenario(scenario).runId(runId)
                .started(started).parameters(parameters).parameterOrigins(parameterOrigins).scenarioFile(scenarioFile)
                .environment(environment).build();
    }

    /** A parameter as recorded, "" when the run has none. */
    public String parameter(String key) {
        String v = parameters.get(key);
        return v == null ? "" : v;
    }

    /** A later shape parameter ({@link #LATER_SHAPE}) as the run had it: recorded, or what every earlier run had. */
    public String later(String key) {
        String v = parameter(key);
        return v.isEmpty() ? LATER_SHAPE.get(key) : v;
    }

    /**
     * Runs of one machine are compared with each other only: CPUs, CPU model and memory name it, after the name the run was
     * given ({@code machine}, e.g. a build agent's), so that two agents of the same hardware stay apart.
     */
    public String machine() {
        Environment env = environment == null ? new Environment(null, 0, 0, null, null, null, null, null, null, null, null, null)
                : environment;
        long gib = Math.round((double) env.memoryBytes() / (1L << 30));
        String model = env.cpuModel() == null ? "unknown CPU" : env.cpuModel();
        String hardware = env.cpus() + " x " + model + ", " + gib + " GiB";
        return parameter("machine").isBlank() ? hardware : parameter("machine") + " (" + hardware + ")";
    }

    /** The parameters two runs must share for one to be the other's baseline: threads, loops, duration and so on. */
    public String shape() {
        StringBuilder s = new StringBuilder();
        for (String key : SHAPE) {
            s.append(key).append('=').append(parameter(key)).append(' ');
        }
        // A later parameter only when it is not what every earlier run had: their shapes stay as they were.
        LATER_SHAPE.forEach((key, earlier) -> {
            if (!parameter(key).isEmpty() && !parameter(key).equals(earlier)) {
                s.append(key).append('=').append(parameter(key)).append(' ');
            }
        });
        return s.toString().trim();
    }

    /** Recorded as complete (a baseline file without a status counts as one). */
    public boolean complete() {
        return status == null || status == RunStatus.COMPLETE;
    }

    /** Complete, not disturbed, no calibration handicap: a run a verdict and a baseline can stand on. */
    public boolean trustworthy() {
        return status == RunStatus.COMPLETE && disturbed == null && parameter("handicap").isBlank();
    }

    /** A figure's interval as recorded, or null. */
    public Interval interval(String label, String figure) {
        return intervals.getOrDefault(label, Map.of()).get(figure);
    }

    /** A pooled figure of a label (its interval's value when only the interval has it: systemCpuUs), NaN when there is none. */
    public double figure(String label, String figure) {
        Double v = labels.getOrDefault(label, Map.of()).get(figure);
        if (v != null) {
            return v;
        }
        Interval i = interval(label, figure);
        return i == null ? Double.NaN : i.value();
    }

    /** The CPU µs of the machine's speed probe during the run, NaN where it was not measured. */
    public double probeUs() {
        return cost == null || cost.machine() == null ? Double.NaN : cost.machine().probeUs();
    }
}
