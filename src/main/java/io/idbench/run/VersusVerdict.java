package io.idbench.run;

import io.idbench.record.Change;
import io.idbench.record.Numbers;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import io.idbench.results.PairedVerdict;
import io.idbench.results.Verdict;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * verify, comparing two services ({@code -Dversus}): side B against side A, measured interleaved in
 * one build, figure by figure and round by round ({@link PairedVerdict}); both records learn the
 * other and the verdict.
 * A comparison informs, it does not fail the build (use {@code -Dbaseline} for a gate).
 */
record VersusVerdict(PrintStream out) {

    void record(Path a, Path b, List<Side> schedule, double minEffectPct) {
        RunRecord ra = RecordFile.read(a);
        RunRecord rb = RecordFile.read(b);
        String title = rb.scenario() + " " + rb.runId() + " (B) against " + ra.scenario() + " " + ra.runId() + " (A)";
        Versus verdict;
        if (ra.status() != RunStatus.COMPLETE || rb.status() != RunStatus.COMPLETE) {
            verdict = new Versus(a.toString(), b.toString(), minEffectPct, Verdict.DEFAULT_ALPHA, schedule, "a side did not complete", null,
                    null, null, null, null);
            out.println("[idbench] " + title + ": not compared, a side did not complete");
        } else {
            // Paired by round: the k-th repetition of each side ran in the same round of the schedule.
            List<Change> changes = new PairedVerdict(minEffectPct, Verdict.DEFAULT_ALPHA).compare(ra.repetitions(), rb.repetitions());
            long regressions = changes.stream().filter(Change::regression).count();
            long improvements = changes.stream().filter(Change::improvement).count();
            out.println("[idbench] " + title + ", interleaved " + schedule.size() + " repetitions, paired by round:");
            changes.stream().filter(c -> c.regression() || c.improvement()).forEach(c -> out.println("[idbench]   " + c.line()));
            verdict = new Versus(a.toString(), b.toString(), minEffectPct, Verdict.DEFAULT_ALPHA, schedule, null, changes, regressions,
                    improvements, changes.size(), null);
            out.println(String.format(Locale.ROOT, "[idbench] B against A: %d of %d figures worse, %d better, by at least %s%%"
                    + " and significant (paired t-tests over the rounds, Holm, family-wise alpha %s)", regressions, changes.size(),
                    improvements, Numbers.trim(minEffectPct), Numbers.trim(Verdict.DEFAULT_ALPHA)));
        }
        RecordFile.write(a, ra.withVersus(verdict.as(Side.A)));
        RecordFile.write(b, rb.withVersus(verdict.as(Side.B)));
    }
}
