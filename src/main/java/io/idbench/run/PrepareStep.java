package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioResolver;
import io.idbench.record.Numbers;
import io.idbench.record.RecordFile;
import io.idbench.record.Side;
import io.idbench.results.ComparisonPlan;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A run's first phase: resolves its parameters (scenario file, profiles, -D) and validates all of them, the service's with
 * {@code idbench serve}'s own configuration, before anything starts; then clears the previous run's files and writes what
 * the services and JMeter read: the target's provisioning arguments ({@link RunTarget}), side B ({@link VersusSide}),
 * JMeter's properties ({@link JmeterProperties}); the prepared run ({@link PreparedRun}) stays in memory.
 */
final class PrepareStep {
    private final Path basedir;
    private final RunDirectory run;
    private final PrintStream out;

    PrepareStep(Path basedir, RunDirectory run, PrintStream out) {
        this.basedir = basedir;
        this.run = run;
        this.out = out;
    }

    /** @return the resolved settings, once everything they imply is written to the run's directory */
    RunSettings prepare(Map<String, String> overrides, List<String> profiles, Instant now) throws IOException {
        Resolution r = resolve(overrides, profiles, now, out);
        RunSettings settings = r.settings();
        RunOwner.sweep(basedir.resolve(settings.results).normalize(), out);
        run.reset();
        if (!r.serveArgs().isEmpty()) {
            ArgsFile.write(run.serveArgs(), r.serveArgs());
        }
        if (r.versus() != null) {
            ArgsFile.write(run.serveArgs(Side.B), r.versus().serveArgs());
        }
        // One plan, one JMeter JVM for all repetitions (of a fork): JMeter's own JIT warms up once, not in every repetition.
        // Under the plan's own name whatever the protocol: the JTL is named after it (<plan>.csv), which the record reads.
        Files.copy(r.plan(), run.plans().resolve(settings.plan + ".jmx"));
        List<Side> schedule = r.versus() == null ? List.of() : settings.versusDuet ? Interleaving.duet(settings.repeat
                * settings.versusForks) : Interleaving.schedule(settings.repeat * settings.versusForks, settings.runId);
        JmeterProperties.write(settings, schedule, run);
        run.prepared(prepared(settings, r.resolved(), r.recordDir(), r.baseline(), r.versus(), schedule, now));
        RunDescription.lines(settings, r.resolved(), basedir, r.recordDir()).forEach(out::println);
        if (r.versus() != null) {
            out.println(RunDescription.versus(settings, r.versus(), schedule, basedir));
        }
        return settings;
    }

    /**
     * Resolves and validates the run as {@link #prepare} does, and writes nothing: a bad parameter fails the build in seconds,
     * before it packs the jar. Any run that went before is left as it is.
     */
    void check(Map<String, String> overrides, List<String> profiles, Instant now) throws IOException {
        var unused = resolve(overrides, profiles, now, new PrintStream(OutputStream.nullOutputStream()));
    }

    /** What a run resolves to before anything is written or started. */
    private record Resolution(ScenarioResolver.Resolved resolved, RunSettings settings, Path plan, Path recordDir, Path baseline,
            List<String> serveArgs, VersusSide versus) {
    }

    private Resolution resolve(Map<String, String> overrides, List<String> profiles, Instant now, PrintStream says)
            throws IOException {
        ScenarioResolver resolver = new ScenarioResolver(basedir.resolve("parameters"));
        ScenarioResolver.Resolved resolved = resolver.resolve(overrides, profiles);
        RunSettings settings = new RunSettings(resolved, now);
        if (!resolved.get("versus.detect").isBlank()) {
            // The comparison's forks and rounds, chosen for the change it must find, before anything starts.
            Map<String, String> planned = new LinkedHashMap<>(overrides);
            ComparisonPlan p = ComparisonPlanning.plan(resolved, settings, basedir);
            planned.put("versus.forks", "" + p.forks());
            planned.put("repeat", "" + p.rounds());
            double target = ComparisonPlanning.target(resolved);
            says.println("[idbench] versus.detect=" + resolved.get("versus.detect") + ": " + p.line(target));
            if (!resolved.explicit("tolerance")) {
                // Flagging only changes of at least the target would find a change of the target itself half the time, whatever
                // the power: the verdict's floor is half of it, below what a significant change of this plan can measure.
                planned.put("tolerance", Numbers.trim(ComparisonPlanning.floor(target)));
                says.println("[idbench] The verdict flags a significant change of at least " + Numbers.trim(ComparisonPlanning.floor(
                        target)) + "% (half the target; -Dtolerance sets another)");
            }
            overrides = planned;
            resolved = resolver.resolve(overrides, profiles);
            settings = new RunSettings(resolved, now);
        }
        Path plan = basedir.resolve("jmeter").resolve(settings.planFile());
        if (!Files.isRegularFile(plan)) {
            throw new ConfigException("plan " + settings.plan + " is not written for " + settings.target.protocol().words()
                    + " yet (no " + plan + "); target=" + settings.target + " runs " + writtenPlans(settings));
        }
        Path recordDir = settings.newRecordDir(basedir, settings.runId);
        Path baseline = settings.baseline == null ? null : basedir.resolve(settings.baseline).normalize();
        if (baseline != null) {
            RecordFile.complete(baseline, "baseline"); // refused now, not after the run
        }
        List<String> serveArgs = settings.provisioned() ? settings.runTarget().arguments(resolved, settings, run) : List.of();
        VersusSide versus = settings.interleaved() ? VersusSide.of(resolver, overrides, settings, basedir, run, now) : null;
        if (settings.jmeterRemotes.distributed()) {
            settings.jmeterRemotes.checkReachable(); // before anything is provisioned
        }
        return new Resolution(resolved, settings, plan, recordDir, baseline, serveArgs, versus);
    }

    /** The plans written in the target's protocol (a file in jmeter/), in their order. */
    private String writtenPlans(RunSettings settings) {
        return Arrays.stream(Plan.values()).filter(p -> Files.isRegularFile(basedir.resolve("jmeter").resolve(
                settings.target.protocol().planFile(p)))).map(Plan::id).collect(Collectors.joining(", "));
    }

    /** What the run's later phases read of its preparation. */
    private PreparedRun prepared(RunSettings s, ScenarioResolver.Resolved resolved, Path recordDir, Path baseline, VersusSide versus,
            List<Side> schedule, Instant now) {
        PreparedRun.Versus b = versus == null ? null : new PreparedRun.Versus(versus.settings().recordScenario,
                versus.settings().runId, versus.recordDir().toString(), versus.jar() == null ? null : versus.jar().toString(),
                s.tolerance, s.versusInstanceNoise, RecordedParameters.stripped(versus.resolved()), versus.resolved().origins(),
                scenarioFile(versus.resolved()), s.versusForks, s.versusPrimary, s.versusDuet ? Boolean.TRUE : null,
                s.versusReference);
        return new PreparedRun(s.recordScenario, s.runId, recordDir.toString(), now.toString(),
                new PreparedRun.Settings(s.plan, s.threads, s.openModel(), s.provisioned(), s.startTimeout, s.serviceHeap, s.target,
                        s.instances, s.jmeterRemotes.engines()),
                new PreparedRun.Thresholds(s.maxErrorPct, s.maxP95, s.maxP99), baseline == null ? null : baseline.toString(),
                baseline == null ? null : s.tolerance, s.plan, s.repeat, RecordedParameters.of(resolved, s), resolved.origins(),
                scenarioFile(resolved), b, versus == null ? null : schedule);
    }

    /** The scenario file relative to the project, or null when no scenario was named. */
    private String scenarioFile(ScenarioResolver.Resolved resolved) {
        return resolved.scenarioFile() == null ? null : basedir.relativize(resolved.scenarioFile().toAbsolutePath()).toString();
    }

    static List<String> profiles(String arg) {
        return Arrays.stream(arg.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
