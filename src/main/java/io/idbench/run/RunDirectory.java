package io.idbench.run;

import io.idbench.common.FileTrees;
import io.idbench.record.Side;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * One run's working files ({@code target/idbench}: the services' arguments, ready files and logs, JMeter's properties and
 * plans, the samplers' rows) and, in memory, what the run resolved before it started anything and when each of its phases
 * began. One driver ({@link BenchmarkRun}) owns it from the first step to the last.
 */
public final class RunDirectory {
    private final Path dir;
    private final Path jmeterDir;
    private final PhaseClock clock = new PhaseClock();
    private PreparedRun prepared;

    public RunDirectory(Path dir, Path jmeterDir) {
        this.dir = dir;
        this.jmeterDir = jmeterDir;
    }

    public Path dir() { return dir; }
    /** Where JMeter writes its results, reports and logs ({@code target/jmeter}). */
    public Path jmeterDir() { return jmeterDir; }
    /** When each phase of the run began. */
    PhaseClock clock() { return clock; }
    public Path serveArgs() { return serveArgs(Side.A); }
    public Path serviceInfo() { return serviceInfo(Side.A); }
    public Path serviceLog() { return serviceLog(Side.A); }
    /** The side a service measures: A, or B when two are compared interleaved ({@code -Dversus}). */
    public Path serveArgs(Side side) {
        return dir.resolve(side == Side.A ? "serve.args" : "serve-versus.args");
    }
    public Path serviceInfo(Side side) { return dir.resolve(side == Side.A ? "service.json" : "service-versus.json"); }
    public Path serviceLog(Side side) { return dir.resolve(side == Side.A ? "service.log" : "service-versus.log"); }
    /** Replica k (2 … instances) of side A's service: its arguments, ready file and log. */
    public Path replicaArgs(int k) {
        return dir.resolve("serve-replica-" + k + ".args");
    }
    public Path replicaInfo(int k) { return dir.resolve("service-replica-" + k + ".json"); }
    public Path replicaLog(int k) { return dir.resolve("service-replica-" + k + ".log"); }
    public Path jmeterProperties() { return dir.resolve("jmeter-run.properties"); }
    public Path plans() { return dir.resolve("plans"); }
    public Path telemetry() { return dir.resolve("telemetry.json"); }
    /** A staged plan's SQL per operation, written by JMeter (StageStatements). */
    public Path stageStatements() {
        return dir.resolve("stage-statements.json");
    }
    /** The ids a target seeded over SCIM assigned (id,userName), for the plans that address seeded identities. */
    public Path idsFile() {
        return dir.resolve("ids.csv");
    }
    /** What plan 4's queries must find among the seeded identities (seed/QueryAnswers). */
    public Path queryAnswers() {
        return dir.resolve("query-answers.csv");
    }
    /** Plan 5's schedule, one file per job (job-<n>.csv), and what the audit after each cycle found (audit-<cycle>.txt). */
    public Path provisioning() {
        return dir.resolve("provisioning");
    }
    /** The CPU sampler's rows (the process CPU of each component, and the machine's). */
    public Path cpuSamples() {
        return dir.resolve("cpu.csv");
    }
    /** The resource sampler's rows (memory, file descriptors, threads, connections of the system under test), every 10 s. */
    public Path resourceSamples() {
        return dir.resolve("resources.csv");
    }
    /** The warm-up's steady-state reports, one per repetition's plan. */
    public Path warmupReports() { return dir.resolve("warmup"); }
    /** A comparison's forks (versus.forks): the marker the CPU sampler sees while the services start again. */
    public Path restarting() {
        return dir.resolve("restarting");
    }
    /** JMeter's log of the run's plan (of fork k, k > 1, when the services start again between forks). */
    public Path jmeterLog(String plan, int fork) {
        return jmeterDir.resolve("logs").resolve(plan + (fork > 1 ? "-fork" + fork : "") + ".jmx.log");
    }
    public Path jmeterResults() { return jmeterDir.resolve("results"); }
    public Path jmeterReports() { return jmeterDir.resolve("reports"); }

    /**
     * Empties the previous run's working files and JMeter output. jmeter-maven-plugin unpacks a 75 MB JMeter tree into
     * {@code target/<random UUID>/jmeter} on every build: the trees of earlier builds are removed, {@code keep} (the one this
     * run uses, the one its configure goal last wrote) aside, so target/ does not grow by one tree per run.
     */
    void reset() throws IOException {
        Path keep = JmeterInstall.configured(jmeterDir.getParent()).map(JmeterInstall::home).orElse(null);
        FileTrees.empty(dir);
        Files.createDirectories(plans());
        Files.createDirectories(warmupReports());
        for (Path p : List.of(jmeterResults(), jmeterReports())) {
            FileTrees.empty(p);
        }
        removeOldJmeterTrees(jmeterDir.getParent(), keep);
    }

    static void removeOldJmeterTrees(Path target, Path keep) throws IOException {
        Path kept = keep == null ? null : keep.toAbsolutePath().normalize();
        if (!Files.isDirectory(target)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(target)) {
            for (Path tree : dirs.filter(d -> d.getFileName().toString().matches("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}")
                    && Files.isRegularFile(d.resolve("jmeter/bin/jmeter.properties"))
                    && (kept == null || !kept.startsWith(d.toAbsolutePath().normalize()))).toList()) {
                FileTrees.empty(tree);
                Files.delete(tree);
            }
        }
    }

    /** The run as its preparation resolved it. */
    public PreparedRun prepared() {
        if (prepared == null) {
            throw new IllegalStateException("The run in " + dir + " is not prepared yet");
        }
        return prepared;
    }

    void prepared(PreparedRun run) {
        this.prepared = run;
    }

    /** The record directory of the prepared run. */
    public Path recordDir() {
        return Path.of(prepared().recordDir());
    }
}
