package io.idbench.run;

import io.idbench.config.ScenarioResolver;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** What the prepare step tells people before anything starts: the scenario and its shape, what is measured, where it is recorded. */
final class RunDescription {
    private RunDescription() {
    }

    static List<String> lines(RunSettings s, ScenarioResolver.Resolved r, Path basedir, Path recordDir) {
        String measured = "[idbench] " + (s.provisioned() ? s.runTarget().measured(r, s) : "Target: " + s.targetUrl
                + " (not provisioned)");
        return List.of(scenario(s, r, basedir), measured, "[idbench] Run " + s.runId + " will be recorded in "
                + basedir.relativize(recordDir));
    }

    private static String scenario(RunSettings s, ScenarioResolver.Resolved r, Path basedir) {
        String named = "[idbench] Scenario " + s.recordScenario + (r.scenarioFile() != null ? " (" + basedir.relativize(
                r.scenarioFile().toAbsolutePath()) + (s.recordScenario.equals(s.scenario) ? "" : " with overrides") + ")" : "")
                + ": plan " + s.plan + ", ";
        if (s.provisioning != null) {
            return named + s.provisioning.describe(s.threads) + ", each cycle audited";
        }
        String shape = s.openModel() ? s.rate + " requests/s (open model, " + s.threads + " threads)"
                : s.threads + " threads x " + (s.duration > 0 ? s.duration + " s" : s.loops + " loops");
        return named + shape + ", ramp-up " + s.rampup + " s, warm-up " + (s.jmeterRemotes.distributed()
                ? s.warmup + " s on " + (s.jmeterRemotes.engines().size() == 1 ? "the remote JMeter engine"
                        : "each of " + s.jmeterRemotes.engines().size() + " remote JMeter engines, in step")
                : s.warmup + "-" + s.warmupMax + " s until steady")
                + (s.repeat > 1 ? ", " + s.repeat + " repetitions" : "")
                + (s.settling() > 0 ? " after " + s.settling() + " settling (not pooled)" : "");
    }

    /** The line of an interleaved comparison: side B, its handicap, the schedule, where B is recorded. */
    static String versus(RunSettings a, VersusSide b, List<io.idbench.record.Side> schedule, Path basedir) {
        return "[idbench] Versus " + b.settings().recordScenario + (b.jar() != null ? " (jar " + b.jar() + ")" : "")
                + (a.versusHandicap.isBlank() ? "" : " (handicap " + a.versusHandicap + ")") + ": "
                + (a.versusForks > 1 ? a.versusForks + " forks (both services started again before each) of " + a.repeat
                        + " rounds, " + a.repeat * a.versusForks : "" + a.repeat)
                + (a.versusDuet ? " repetitions each, as a duet (both at once, half the threads each)"
                        : " repetitions each, interleaved " + schedule.stream().map(Enum::name).collect(Collectors.joining(" ")))
                + "; judged first: " + String.join(", ", a.versusPrimary) + "; recorded in " + basedir.relativize(b.recordDir());
    }
}
