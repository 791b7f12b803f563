package io.idbench.run;

import io.idbench.common.PrivateFiles;
import io.idbench.config.ConfigException;
import io.idbench.record.Numbers;
import io.idbench.record.Side;
import io.idbench.seed.QueryAnswers;
import io.idbench.seed.provisioning.ProvisioningSchedule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * What the plans read of a run (JMeter properties, {@code ${__P(…)}} in the plans): its shape, its repetitions and their
 * order, the bounds that make every run stop by itself, and a target given by URL; the start step adds the service it
 * starts. With remote engines, the same properties reach them as JMeter's global ones.
 */
final class JmeterProperties {
    /** Seconds a thread group may run past its planned length before JMeter stops it anyway. */
    static final int SLACK_SECONDS = 120;
    /** The longest measured phase of a loop-count run: a bound, so that a run always stops by itself. */
    static final int MAX_LOOP_PHASE_SECONDS = 3600;

    private JmeterProperties() {
    }

    /** The run's properties; {@code schedule}: the sides of an interleaved run in order, empty for one side. */
    static Properties of(RunSettings s, List<Side> schedule, RunDirectory run) throws IOException {
        Properties p = new Properties();
        boolean byTime = s.duration > 0;
        p.setProperty("threads", "" + s.threads);
        p.setProperty("rampup", "" + s.rampup);
        p.setProperty("warmup", "" + s.warmup);
        // Remote engines warm each later repetition for the shortest warm-up, fixed as the first: they stay in step.
        p.setProperty("rewarm", s.jmeterRemotes.distributed() ? "" + s.warmup : Numbers.trim(s.rewarm));
        // Remote engines cannot agree on when the service is steady: each would leave its warm-up at another moment and their
        // repetitions drift apart. A fixed warm-up (the shortest) keeps them in step; the settling repetitions take the JIT.
        p.setProperty("warmupMax", "" + (s.jmeterRemotes.distributed() ? s.warmup : s.warmupMax));
        p.setProperty("steady.pct", "" + s.steadyPct);
        p.setProperty("warmup.report.dir", run.warmupReports().toAbsolutePath().toString());
        p.setProperty("loops", byTime ? "-1" : "" + s.loops);
        // Comparing two services, every repetition of the plan measures one side, in the order of the schedule.
        // In a duet (versus.mode=duet), every repetition measures both at once, half the threads each.
        int sides = schedule.isEmpty() || s.versusDuet ? 1 : 2;
        // With forks, both services start again before each fork's settling and rounds (versus.forks).
        int forks = schedule.isEmpty() ? 1 : s.versusForks;
        p.setProperty("repeat", "" + s.repeat * sides * forks);
        p.setProperty("schedule", schedule.stream().map(Side::name).collect(Collectors.joining(",")));
        p.setProperty("forks", "" + forks);
        p.setProperty("duet", "" + (!schedule.isEmpty() && s.versusDuet));
        // Before them, each side's settling repetitions: measured apart, never pooled (docs/measurement.md).
        p.setProperty("settle", "" + s.settling());
        p.setProperty("repetitions", "" + (s.repeat + s.settling()) * sides * forks);
        // A loop-count run still has a time bound: it always stops by itself.
        p.setProperty("duration", "" + (byTime ? s.duration : MAX_LOOP_PHASE_SECONDS));
        p.setProperty("byTime", "" + byTime);
        // Populate (and Teardown) create threads x loops identities, also when the measured phase is timed.
        p.setProperty("populate.loops", "" + s.loops);
        p.setProperty("hotset", s.hotset.id());
        // The plans end JMeter when this build (its parent) ends without stopping it: killed, it runs no shutdown hook.
        p.setProperty("idbench.buildPid", "" + ProcessHandle.current().pid());
        p.setProperty("users", "" + s.users);
        // What plan 1 draws seeded identities from (1 … users), at least one: a bound the plan need not compute every time.
        p.setProperty("users.atLeastOne", "" + Math.max(1, s.users));
        switch (s.plan.inputs()) {
            case QUERY_ANSWERS -> {
                // Its queries assert the exact count the seeded identities give, whatever the target.
                try {
                    QueryAnswers.write(run.queryAnswers(), s.users);
                } catch (IllegalArgumentException e) {
                    throw new ConfigException("plan " + s.plan + " counts its answers in memory: " + e.getMessage());
                }
                p.setProperty("answers.file", run.queryAnswers().toAbsolutePath().toString());
            }
            case PROVISIONING_SCHEDULE -> {
                ProvisioningSchedule steps = ProvisioningJobs.write(s, run.provisioning());
                p.putAll(ProvisioningJobs.properties(s, steps, run.provisioning()));
            }
            case NONE -> {
            }
        }
        p.setProperty("rate", "" + s.rate);
        p.setProperty("open", "" + s.openModel());
        p.setProperty("run.tag", s.runId);
        p.putIfAbsent("barrier.timeout", "" + 1000L * (s.rampup + s.warmupMax + SLACK_SECONDS));
        // Every repetition of a JMeter run (a fork's) may warm up for warmupMax and measure for its bound, plus Populate and
        // Teardown.
        p.putIfAbsent("max.seconds", "" + (s.rampup + (long) (s.repeat + s.settling()) * sides * (s.warmupMax
                + (byTime ? s.duration : MAX_LOOP_PHASE_SECONDS) + SLACK_SECONDS) + SLACK_SECONDS));
        if (!s.provisioned()) {
            p.putAll(TargetProperties.of(s.targetUrl, s.targetToken == null ? "" : s.targetToken));
            if (s.targetAuth != null) {
                p.putAll(s.targetAuth.properties(""));
            }
        }
        if (s.jmeterRemotes.distributed()) {
            p.putAll(s.jmeterRemotes.rmiProperties());
        }
        return p;
    }

    /** Writes the run's properties where JMeter reads them (private: they hold tokens). */
    static void write(RunSettings s, List<Side> schedule, RunDirectory run) throws IOException {
        try (var w = Files.newBufferedWriter(PrivateFiles.ensure(run.jmeterProperties()))) {
            of(s, schedule, run).store(w, "idbench run " + s.runId + ": JMeter properties (the run adds the target)");
        }
    }

    /**
     * Fork {@code fork} of {@code forks} (1 …): its JMeter run's repetitions (its settling and its rounds), numbered on from
     * the forks' before it; written beside the run's properties, which JMeter reads first.
     */
    static Path writeFork(RunDirectory run, PreparedRun state, int fork, int forks) throws IOException {
        int total = Integer.parseInt(read(run.jmeterProperties()).getProperty("repetitions"));
        int perFork = total / forks;
        Properties p = new Properties();
        p.setProperty("repetitions", "" + perFork);
        p.setProperty("repIndex.first", "" + (fork - 1) * perFork);
        Path file = run.dir().resolve("jmeter-fork" + fork + ".properties");
        try (var w = Files.newBufferedWriter(file)) {
            p.store(w, "idbench run " + state.runId() + ": fork " + fork + " of " + forks);
        }
        return file;
    }

    private static Properties read(Path file) throws IOException {
        Properties p = new Properties();
        try (var r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return p;
    }
}
