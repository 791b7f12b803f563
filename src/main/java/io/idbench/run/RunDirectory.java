package io.idbench.run;

import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.record.Side;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The build's working files for one run ({@code target/idbench}), handed from one lifecycle step
 * to the next: the resolved run, the service's arguments and ready file, JMeter's properties and
 * plans, the service's log.
 */
public record RunDirectory(Path dir, Path jmeterDir) {
    /** jmeter-maven-plugin's test configuration, beside its directory: written anew by its configure goal. */
    static final String JMETER_PLUGIN_CONFIG = "config.json";

    public Path runJson() { return dir.resolve("run.json"); }
    public Path clock() { return dir.resolve("clock.properties"); }
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
    /** Property files jmeter-maven-plugin merges into JMeter's own (its propertiesFilesDirectory). */
    public Path jmeterConfiguration() {
        return dir.resolve("jmeter-conf");
    }
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
    /** A comparison's forks (versus.forks): the keeper's URL and log, and the marker it holds while it starts the services again. */
    public Path forkKeeperUrl() {
        return dir.resolve("fork-keeper.url");
    }
    public Path forkKeeperLog() { return dir.resolve("fork-keeper.log"); }
    public Path restarting() { return dir.resolve("restarting"); }
    public Path jmeterResults() { return jmeterDir.resolve("results"); }
    public Path jmeterReports() { return jmeterDir.resolve("reports"); }
    public Path jmeterTestFiles() { return jmeterDir.resolve("testFiles"); }

    /**
     * Empties the previous run's working files and JMeter output. jmeter-maven-plugin unpacks a 75 MB JMeter tree into
     * {@code target/<random UUID>/jmeter} on every build: the previous runs' trees are removed before this run's is made,
     * so target/ does not grow by one tree per run.
     */
    void reset() throws IOException {
        // jmeter-maven-plugin's configure goal writes its test configuration there in every build; one killed while writing it
        // left it empty, and every later build failed in configure ("No content to map due to end-of-input").
        Files.deleteIfExists(jmeterDir.getParent().resolve(JMETER_PLUGIN_CONFIG));
        FileTrees.empty(dir);
        Files.createDirectories(plans());
        Files.createDirectories(warmupReports());
        for (Path p : List.of(jmeterResults(), jmeterReports(), jmeterTestFiles())) {
            FileTrees.empty(p);
        }
        removeOldJmeterTrees(jmeterDir.getParent());
    }

    static void removeOldJmeterTrees(Path target) throws IOException {
        if (!Files.isDirectory(target)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(target)) {
            for (Path tree : dirs.filter(d -> d.getFileName().toString().matches("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}")
                    && Files.isRegularFile(d.resolve("jmeter/bin/jmeter.properties"))).toList()) {
                FileTrees.empty(tree);
                Files.delete(tree);
            }
        }
    }

    /** The prepared run, as the prepare step wrote it. */
    public PreparedRun prepared() {
        Path file = runJson();
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("No prepared run in " + dir + ": the prepare step (process-classes) did not run");
        }
        try {
            return Json.mapper().readValue(file.toFile(), PreparedRun.class);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public void writeRun(PreparedRun run) {
        Json.write(runJson(), run);
    }

    /** The record directory of the prepared run. */
    public Path recordDir() {
        return Path.of(prepared().recordDir());
    }
}
