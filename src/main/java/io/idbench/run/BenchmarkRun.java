package io.idbench.run;

import io.idbench.record.RecordFile;
import io.idbench.site.Site;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One benchmark run, from its parameters to its record, in one JVM that owns every process it starts (JMH's runner and
 * BenchBase's {@code --execute} have the shape): it resolves and validates the parameters ({@link PrepareStep}), starts the
 * services and the CPU sampler ({@link StartStep}), runs one JMeter process per fork (both services started again between
 * forks, {@link ForkRestart}), reads the services' telemetry and stops them ({@link StopStep}), records the run
 * ({@link RecordStep}), builds the results site, and applies the thresholds and the baseline. A failure on the way stops
 * everything it started before it is reported; the services mark their records interrupted as they stop.
 */
public final class BenchmarkRun {
    private final Path basedir;
    private final RunDirectory run;
    private final Path jar;
    private final RunOptions options;
    private final PrintStream out;
    private long startedMs = ManagementFactory.getRuntimeMXBean().getStartTime();

    /**
     * @param basedir the project: its {@code parameters/}, {@code jmeter/} and {@code results/}
     * @param jar the jar of the service the run measures (side A's), this build's
     */
    public BenchmarkRun(Path basedir, Path jar, RunOptions options, PrintStream out) {
        this.basedir = basedir.toAbsolutePath().normalize();
        this.run = new RunDirectory(this.basedir.resolve("target/idbench"), this.basedir.resolve("target/jmeter"));
        this.jar = jar.toAbsolutePath().normalize();
        this.options = options;
        this.out = out;
    }

    /**
     * When the run began, for its record's wall time (its "build" phase runs from here to its start); by default when its JVM
     * started (Maven's, or {@code idbench run}'s). A matrix's later scenarios begin where the one before ended.
     */
    public BenchmarkRun withStartedAt(long epochMs) {
        this.startedMs = epochMs;
        return this;
    }

    /** Resolves and validates the run's parameters, and starts and writes nothing. */
    public void check(Map<String, String> overrides, List<String> profiles) throws IOException {
        new PrepareStep(basedir, run, out).check(overrides, profiles, Instant.now());
    }

    /** Runs the benchmark to its record; a run that failed its thresholds or regressed throws, once recorded. */
    public void run(Map<String, String> overrides, List<String> profiles) throws IOException, InterruptedException {
        ServiceProcess.forgetLosses();
        Instant now = Instant.now();
        PhaseClock clock = run.clock();
        clock.begin(startedMs, now.toEpochMilli());
        JmeterInstall jmeter = JmeterInstall.require(run.jmeterDir().getParent());
        new PrepareStep(basedir, run, out).prepare(overrides, profiles, now);
        PreparedRun state = run.prepared();
        try {
            clock.mark(PhaseClock.START, System.currentTimeMillis());
            if (state.settings().provisioned()) {
                RunTargets.of(state.settings().target()).install(out);
            }
            Optional<Process> sampler = new StartStep(basedir, run, jar, out).start();
            clock.mark(PhaseClock.READY, System.currentTimeMillis());
            measure(new JmeterProcess(jmeter, options, out), state);
            clock.mark(PhaseClock.STOP, System.currentTimeMillis());
            new StopStep(run, out).stop(sampler);
        } catch (IOException | InterruptedException | RuntimeException e) {
            Optional<String> lost = ServiceProcess.lost();
            stopEverything(state, lost.orElse(e.getMessage()));
            // What failed after the loss (JMeter stopped, the telemetry unread) follows from it: the loss is the message.
            if (lost.isPresent()) {
                throw new RunFailedException(lost.get() + ": the run fails");
            }
            throw e;
        }
        clock.mark(PhaseClock.RECORD, System.currentTimeMillis());
        List<String> violations = new RecordStep(run, jar, out).record();
        site();
        if (!violations.isEmpty()) {
            violations.forEach(v -> out.println("[idbench] FAILED: " + v));
            throw new RunFailedException("the run failed its thresholds: " + firstOf(violations));
        }
        List<String> regressions = new BaselineCheck(run, out).check();
        if (!regressions.isEmpty()) {
            throw new RunFailedException("the run regressed: " + firstOf(regressions));
        }
    }

    /** The plan, one JMeter process per fork; the forks' samples then make the run's one results file. */
    private void measure(JmeterProcess jmeter, PreparedRun state) throws IOException, InterruptedException {
        int forks = state.versus() == null ? 1 : Math.max(1, state.versus().forkCount());
        String plan = state.plan().toString();
        Path results = run.jmeterResults().resolve(plan + ".csv");
        List<Path> parts = new ArrayList<>();
        for (int fork = 1; fork <= forks; fork++) {
            List<Path> properties = new ArrayList<>(List.of(run.jmeterProperties()));
            if (forks > 1) {
                if (fork > 1) {
                    new ForkRestart(run, jar, out).restart(fork);
                }
                properties.add(JmeterProperties.writeFork(run, state, fork, forks));
            }
            Path part = forks > 1 ? results.resolveSibling(plan + "-fork" + fork + ".csv") : results;
            Path log = run.jmeterLog(plan, fork);
            int exit = jmeter.run(run.plans().resolve(plan + ".jmx"), part, log, properties, state.settings().remoteEngines(),
                    state.recordPath());
            if (exit != 0) {
                throw new RunFailedException("JMeter exited with code " + exit + (forks > 1 ? " in fork " + fork : "")
                        + "; its log: " + log);
            }
            parts.add(part);
        }
        if (forks > 1) {
            concatenate(parts, results);
        }
        if (options.dashboard()) {
            Path log = run.jmeterDir().resolve("logs").resolve(plan + "-dashboard.log");
            if (jmeter.dashboard(results, run.jmeterReports().resolve(plan), log) != 0) {
                out.println("[idbench] WARNING: JMeter's dashboard could not be written; its log: " + log);
            }
        }
    }

    /** The forks' results files as one: the first one's header, then every fork's rows in order. */
    static void concatenate(List<Path> parts, Path into) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(into, StandardCharsets.UTF_8)) {
            boolean header = true;
            for (Path part : parts) {
                try (Stream<String> lines = Files.lines(part, StandardCharsets.UTF_8)) {
                    for (String line : (Iterable<String>) lines.skip(header ? 0 : 1)::iterator) {
                        w.write(line);
                        w.newLine();
                    }
                }
                header = false;
            }
        }
    }

    /**
     * A run that failed before its stop: every process it started, stopped (each service marks its record interrupted); a
     * record whose service was killed outright, marked by the run, saying why.
     */
    private static void stopEverything(PreparedRun state, String why) {
        ProcessHandle.current().children().forEach(ServiceProcess::stop);
        RecordFile.interruptIfRunning(state.recordPath(), why);
        if (state.versus() != null) {
            RecordFile.interruptIfRunning(state.versus().recordPath(), why);
        }
    }

    /**
     * The results site of every run recorded beside this one, in {@code target/site} (a failed run's too, before the run fails
     * on it); {@code -Didbench.site=false} leaves it out. A site that cannot be written is a warning, not a failed run: the run
     * is recorded, and {@code idbench site} can redo it.
     */
    private void site() {
        if (!options.site()) {
            return;
        }
        Path results = run.recordDir().getParent().getParent();
        try {
            new Site().withResults(results).withOutput(basedir.resolve(Site.DEFAULT_OUTPUT)).withRepository(System.getenv(
                    "IDBENCH_REPOSITORY")).withProgress(out).generate();
        } catch (IOException | RuntimeException e) {
            out.println("[idbench] WARNING: the site could not be written: " + e.getMessage());
        }
    }

    private static String firstOf(List<String> problems) {
        return problems.get(0) + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more, listed above)" : "");
    }
}
