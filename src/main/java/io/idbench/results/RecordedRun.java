package io.idbench.results;

import io.idbench.config.OperationKind;
import io.idbench.config.Plan;
import io.idbench.config.Protocol;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.config.TargetKind;
import io.idbench.record.Environment;
import io.idbench.record.Interval;
import io.idbench.record.OperationType;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** One recorded run ({@code <results>/<scenario>/<run-id>/summary.json}) as the site reads it: its record, and what pages ask of it. */
public record RecordedRun(Path dir, RunRecord record) {

    /** A run of a plan this build does not know cannot be shown: refused when it is read. */
    public RecordedRun {
        if (!record.parameter("plan").isEmpty()) {
            Plan.parse(record.parameter("plan"));
        }
    }
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    public String scenario() {
        return record.scenario();
    }

    public String runId() {
        return record.runId();
    }

    /** The status in a word (a record made by hand may have none: unknown). */
    public String status() {
        return record.status() != null ? record.status().word() : "unknown";
    }

    public String statusReason() {
        return record.statusReason() != null ? record.statusReason() : "";
    }

    public boolean complete() {
        return record.status() == RunStatus.COMPLETE;
    }

    /** Why other processes or the hypervisor took too much of the machine during the run, or null: such a run has no verdict. */
    public String disturbed() {
        return record.disturbed();
    }

    /** The calibration handicap the service ran with (update:10%…), or null: such a run is not a real measurement. */
    public String handicap() {
        String h = parameter("handicap");
        return h.isBlank() ? null : h;
    }

    /** Complete, undisturbed and without a handicap: a run a verdict and a baseline can stand on. */
    public boolean trustworthy() {
        return record.trustworthy();
    }

    /**
     * The operations whose figures kept rising or falling over the measured repetitions, each with how ("throughput rose 37.0%
     * over 40 repetitions …"): the run's page calls it NOT STEADY, and so does every page that quotes it.
     */
    public Map<String, String> unsteady() {
        return record.unsteady();
    }

    /** Every operation stayed steady over the repetitions (or there were too few to tell). */
    public boolean steady() {
        return record.unsteady().isEmpty();
    }

    /** A figure's confidence interval as recorded, or null. */
    public Interval interval(String label, String figure) {
        return record.interval(label, figure);
    }

    /** "±4%": half the interval's width relative to the value, or "" without one. */
    public String plusMinus(String label, String figure) {
        Interval i = interval(label, figure);
        double pct = i == null ? Double.NaN : i.halfWidthPct();
        return Double.isFinite(pct) ? "±" + Math.round(pct) + "%" : "";
    }

    public Instant started() {
        return record.started() == null || record.started().isEmpty() ? Instant.EPOCH : Instant.parse(record.started());
    }

    /** The start, to the minute, UTC: how trends name a run. */
    public String when() {
        return WHEN.format(started());
    }

    public String parameter(String key) {
        return record.parameter(key);
    }

    /** The run's plan (a record that names none ran the first, the default). */
    public Plan plan() {
        return parameter("plan").isEmpty() ? Plan.DEFAULT : Plan.parse(parameter("plan"));
    }

    public long users() {
        return parseOrZero(parameter("users"));
    }

    public int threads() {
        return (int) parseOrZero(parameter("threads"));
    }

    /** Replicas of the service the run measured (1 for a run that does not record them). */
    public int instances() {
        return (int) Math.max(1, parseOrZero(parameter("instances")));
    }

    /**
     * How the run scaled out beyond one machine's single processes, for people ("2 replicas, 2-node engine"), empty when it
     * did not: such a run is a series of its own, beside the same scenario's single one.
     */
    public String scaleOut() {
        List<String> parts = new ArrayList<>();
        if (instances() > 1) {
            parts.add(instances() + " replicas");
        }
        String nodes = record.later("search.nodes");
        String shards = record.later("search.shards");
        String replicas = record.later("search.replicas");
        if (Stream.of("search.nodes", "search.shards", "search.replicas")
                .anyMatch(k -> !record.later(k).equals(RunRecord.LATER_SHAPE.get(k)))) {
            parts.add(nodes + "-node engine, " + shards + " shards x " + (Integer.parseInt(replicas) + 1) + " copies");
        }
        String remotes = parameter("jmeter.remotes");
        if (!remotes.isBlank()) {
            parts.add(remotes.split(",").length + " JMeter engines");
        }
        return String.join(", ", parts);
    }

    public boolean openModel() {
        try {
            return Double.parseDouble(parameter("rate")) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * The storage x dyn x search combination, as 2018 named it (jsonb-nodyn-es), or for another
     * product its target's name (keycloak; external for a bare target.url): a series of its own.
     */
    public String axes() {
        if (!parameter("target.name").isEmpty()) {
            return parameter("target.name");
        }
        if (!parameter("target.url").isEmpty()) {
            return "external";
        }
        if (!target().ownService()) {
            return target().id();
        }
        return storage() == null ? "unknown" : ScenarioNames.axes(storage(), dynamic(), search());
    }

    /** What the run provisioned and measured (a record that names none measured idbench's service). */
    public TargetKind target() {
        return parameter("target").isEmpty() ? TargetKind.IDBENCH : TargetKind.parse(parameter("target"));
    }

    /**
     * idbench's own service, provisioned by the run: not a product, not a server given by URL. Only such a run has a storage,
     * a search mode and memberships of idbench's.
     */
    public boolean service() {
        return target().ownService() && parameter("target.url").isEmpty() && parameter("target.name").isEmpty()
                && !parameter("storage").isEmpty();
    }

    /** The service's storage; null for another target. */
    public Storage storage() {
        return parameter("storage").isEmpty() || !target().ownService() ? null : Storage.parse(parameter("storage"));
    }

    /** Who answered the service's searches (its SQL when the record names none); null for another target. */
    public SearchMode search() {
        if (storage() == null) {
            return null;
        }
        return parameter("search").isEmpty() ? SearchMode.SQL : SearchMode.parse(parameter("search"));
    }

    /** The search engine's component in a record's cost account. */
    public static final String ENGINE = "engine";

    /**
     * Whether a search engine ran beside PostgreSQL: the run names one, or (a record from before the parameter was kept) its
     * cost account has the engine's CPU.
     */
    public boolean ranEngine() {
        return parameter("search").isEmpty() ? record.cost() != null && record.cost().cpuUsPerRequest().containsKey(ENGINE)
                : search() != null && search().engine();
    }

    /** Whether the service kept dynamic group memberships (2018's "dyn"; scenarios without them are "nodyn"). */
    public boolean dynamic() {
        return Boolean.parseBoolean(parameter("dyn"));
    }

    /** The protocol the plans spoke to the target: LDAP to a directory, SCIM over HTTP to every other. */
    public Protocol protocol() {
        return target().protocol();
    }

    /** The series a run belongs to as pages name it: its {@link #axes()}, with the protocol when it is not SCIM. */
    public String series() {
        return protocol() == Protocol.SCIM ? axes() : axes() + " (" + protocol().name() + ")";
    }

    /** The load the run put on its target: plan, threads, loops or duration, rate, and the rest of its shape. */
    public Load load() {
        return Load.of(record);
    }

    /** Runs of one machine are compared with each other only: CPUs, CPU model and memory name it. */
    public String machine() {
        return record.machine();
    }

    /**
     * The machine as people read it: "2 vCPUs (AMD EPYC), 24 GiB; JMeter on the same host". The CPUs are logical ones (what a
     * VM calls vCPUs), shared with JMeter unless the run drove remote engines; a name given to the machine comes first.
     */
    public String machineLabel() {
        Environment env = record.environment();
        if (env == null) {
            return "an unknown machine";
        }
        long gib = Math.round((double) env.memoryBytes() / (1L << 30));
        String model = env.cpuModel() == null ? "" : " (" + env.cpuModel() + ")";
        String remotes = parameter("jmeter.remotes");
        String jmeter = remotes.isBlank() ? "JMeter on the same host"
                : "JMeter on " + remotes.split(",").length + " remote engines";
        String name = parameter("machine").isBlank() ? "" : parameter("machine") + ": ";
        return name + env.cpus() + (env.cpus() == 1 ? " vCPU" : " vCPUs") + model + ", " + gib + " GiB; " + jmeter;
    }

    public String commit() {
        String c = fullCommit();
        return c.length() > 7 ? c.substring(0, 7) : c;
    }

    /** The whole commit hash, "" when unknown. */
    public String fullCommit() {
        return record.environment() == null || record.environment().gitCommit() == null ? "" : record.environment().gitCommit();
    }

    /** The commit for people: "f456780", with "+ changes" when the tree had uncommitted ones, "an unknown commit" without one. */
    public String codeLabel() {
        if (commit().isEmpty()) {
            return "an unknown commit";
        }
        return commit() + (Boolean.TRUE.equals(record.environment().gitDirty()) ? " + changes" : "");
    }

    /** The code measured: the commit and, with uncommitted changes, their hash ({@link Environment#code}). */
    public String code() {
        return record.environment() == null ? "" : record.environment().code();
    }

    /** The run's figures per label over all repetitions: samples, errorRate, throughput, mean, p50, p95, p99… */
    public Map<String, Map<String, Double>> labels() {
        return record.labels();
    }

    /** A figure of a label (its interval's value when only the interval has it: systemCpuUs), NaN when the run has none. */
    public double figure(String label, String figure) {
        return record.figure(label, figure);
    }

    /** Where the run's page is, relative to the site's root. */
    public String page() {
        return "runs/" + scenario() + "/" + runId() + "/index.html";
    }

    /** The shape a run must share with another to be compared on a trend: threads, loops, duration and so on. */
    public String shape() {
        return record.shape();
    }

    private static long parseOrZero(String number) {
        try {
            return Long.parseLong(number);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * The code most of these runs measured (the newest run's among equals): what a table or a line of them is "of", a run of
     * another code being not like with like. Empty for no runs.
     */
    public static String mainCode(Collection<RecordedRun> runs) {
        Map<String, Long> counts = new java.util.HashMap<>();
        runs.forEach(r -> counts.merge(r.code(), 1L, Long::sum));
        return runs.stream().max(java.util.Comparator.<RecordedRun>comparingLong(r -> counts.get(r.code()))
                .thenComparing(RecordedRun::started)).map(RecordedRun::code).orElse("");
    }

    /** What a recorded label measured (its kind, from the record), or null: a label the plan does not declare, ALL. */
    public OperationKind kind(String label) {
        OperationType t = record.operations().get(label);
        return t == null ? null : t.kind();
    }

    /** The operations (labels) the runs recorded, in the order they recorded them, ALL last; none for no runs. */
    public static List<String> operations(Collection<RecordedRun> runs) {
        Set<String> labels = new LinkedHashSet<>();
        runs.forEach(r -> labels.addAll(r.labels().keySet()));
        if (labels.remove(RunStatistics.ALL)) {
            labels.add(RunStatistics.ALL);
        }
        return new ArrayList<>(labels);
    }
}
