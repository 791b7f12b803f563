package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.site.Site;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark's lifecycle steps, run by exec-maven-plugin in Maven's JVM (so that {@code -D}
 * overrides are visible as system properties): {@code prepare}, {@code start}, {@code stop},
 * {@code record}. A failure is one line (a {@link RunStepException}) that fails the build.
 */
public final class MavenStep {
    private MavenStep() {
    }

    /** This build's jar, the service the run measures (side A's). */
    static Path jar() {
        return Path.of(System.getProperty("idbench.jar", "target/idbench.jar"));
    }

    public static void main(String[] args) throws Exception {
        Path basedir = Path.of(System.getProperty("idbench.basedir", ".")).toAbsolutePath();
        RunDirectory run = new RunDirectory(Path.of(System.getProperty("idbench.run.directory", "target/idbench")),
                Path.of(System.getProperty("idbench.jmeter.directory", "target/jmeter")));
        String step = args.length == 0 ? "" : args[0];
        try {
            switch (step) {
                case "prepare" -> {
                    Instant now = Instant.now();
                    new PrepareStep(basedir, run, System.out).prepare(overrides(), profiles(args), now);
                    clock(run).begin(ManagementFactory.getRuntimeMXBean().getStartTime(), now.toEpochMilli());
                }
                case "start" -> {
                    clock(run).mark(PhaseClock.START, System.currentTimeMillis());
                    new StartStep(basedir, run, jar(), System.out).start();
                    clock(run).mark(PhaseClock.READY, System.currentTimeMillis());
                }
                case "stop" -> {
                    clock(run).mark(PhaseClock.STOP, System.currentTimeMillis());
                    new StopStep(run, System.out).stop();
                }
                case "record" -> {
                    clock(run).mark(PhaseClock.RECORD, System.currentTimeMillis());
                    List<String> violations = new RecordStep(run, System.out).record();
                    site(basedir, run);
                    if (!violations.isEmpty()) {
                        violations.forEach(v -> System.out.println("[idbench] FAILED: " + v));
                        throw new RunStepException("the run failed its thresholds: " + firstOf(violations));
                    }
                    List<String> regressions = new BaselineCheck(run, System.out).check();
                    if (!regressions.isEmpty()) {
                        throw new RunStepException("the run regressed: " + firstOf(regressions));
                    }
                }
                default -> throw new IllegalArgumentException("unknown step '" + step + "' (prepare, start, stop, record)");
            }
        } catch (ConfigException | ServiceProcess.ServiceFailedException e) {
            throw new RunStepException(e.getMessage());
        }
        System.out.flush();
    }

    /**
     * The results site of every run recorded beside this one, in {@code target/site} (a failed run's too,
     * before the build fails on it); {@code -Didbench.site=false} leaves it out. A site that cannot be
     * written is a warning, not a failed run: the run is recorded, and {@code idbench site} can redo it.
     */
    private static void site(Path basedir, RunDirectory run) {
        if (!Boolean.parseBoolean(System.getProperty("idbench.site", "true"))) {
            return;
        }
        Path results = run.recordDir().getParent().getParent();
        try {
            new Site().withResults(results).withOutput(basedir.resolve(Site.DEFAULT_OUTPUT)).withRepository(System.getenv(
                    "IDBENCH_REPOSITORY")).withProgress(System.out).generate();
        } catch (IOException | RuntimeException e) {
            System.out.println("[idbench] WARNING: the site could not be written: " + e.getMessage());
        }
    }

    /** When each step began: Maven's JVM started the build, and runs every step in it. */
    private static PhaseClock clock(RunDirectory run) {
        return new PhaseClock(run.clock());
    }

    private static String firstOf(List<String> problems) {
        return problems.get(0) + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more, listed above)" : "");
    }

    /** The -D values of known parameters (Maven sets them as system properties). */
    static Map<String, String> overrides() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Parameter p : Parameters.ALL) {
            String v = System.getProperty(p.key());
            if (v != null) {
                out.put(p.key(), v);
            }
        }
        return out;
    }

    private static List<String> profiles(String[] args) {
        for (String a : args) {
            if (a.startsWith("profiles=")) {
                return PrepareStep.profiles(a.substring("profiles=".length()));
            }
        }
        return List.of();
    }

    /** A step's failure: its message is the build's error line, without a stack trace. */
    public static final class RunStepException extends RuntimeException {
        public RunStepException(String message) {
            super("idbench: " + message, null, false, false);
        }
    }
}
