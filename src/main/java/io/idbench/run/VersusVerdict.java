package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.results.PairedVerdict;
import io.idbench.results.RunRecord;
import io.idbench.results.RunSummary;
import io.idbench.results.Verdict;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * verify, comparing two services ({@code -Dversus}): side B against side A, measured interleaved in
 * one build, figure by figure and round by round ({@link PairedVerdict}); both records learn the
 * other and the verdict.
 * A comparison informs, it does not fail the build (use {@code -Dbaseline} for a gate).
 */
final class VersusVerdict {
    private final PrintStream out;

    VersusVerdict(PrintStream out) {
        this.out = out;
    }

    void record(Path a, Path b, List<String> schedule, double minEffectPct) {
        ObjectNode sa = RunRecord.read(a);
        ObjectNode sb = RunRecord.read(b);
        RunSummary ha = RunSummary.of(sa);
        RunSummary hb = RunSummary.of(sb);
        String title = hb.scenario() + " " + hb.runId() + " (B) against " + ha.scenario() + " " + ha.runId() + " (A)";
        ObjectNode verdict = Json.mapper().createObjectNode();
        verdict.put("a", a.toString()).put("b", b.toString()).put("minEffectPct", minEffectPct).put("alpha", Verdict.DEFAULT_ALPHA);
        verdict.putPOJO("schedule", schedule);
        if (!RunRecord.COMPLETE.equals(ha.status()) || !RunRecord.COMPLETE.equals(hb.status())) {
            verdict.put("skipped", "a side did not complete");
            out.println("[idbench] " + title + ": not compared, a side did not complete");
        } else {
            // Paired by round: the k-th repetition of each side ran in the same round of the schedule.
            List<JsonNode> ra = new ArrayList<>();
            List<JsonNode> rb = new ArrayList<>();
            sa.path("repetitions").forEach(r -> ra.add(r.path("figures")));
            sb.path("repetitions").forEach(r -> rb.add(r.path("figures")));
            List<Verdict.Change> changes = new PairedVerdict(minEffectPct, Verdict.DEFAULT_ALPHA).compare(ra, rb);
            var listed = verdict.putArray("changes");
            long regressions = changes.stream().filter(Verdict.Change::regression).count();
            long improvements = changes.stream().filter(Verdict.Change::improvement).count();
            out.println("[idbench] " + title + ", interleaved " + schedule.size() + " repetitions, paired by round:");
            for (Verdict.Change c : changes) {
                listed.addPOJO(c);
                if (c.regression() || c.improvement()) {
                    out.println("[idbench]   " + c.line());
                }
            }
            verdict.put("regressions", regressions).put("improvements", improvements).put("figuresCompared", changes.size());
            out.println(String.format(Locale.ROOT, "[idbench] B against A: %d of %d figures worse, %d better, by at least %s%%"
                    + " and significant (paired t-tests over the rounds, Holm, family-wise alpha %s)", regressions, changes.size(),
                    improvements,
                    trim(minEffectPct), trim(Verdict.DEFAULT_ALPHA)));
        }
        sa.set("versus", verdict.deepCopy().put("side", RunDirectory.A));
        sb.set("versus", verdict.deepCopy().put("side", RunDirectory.B));
        RunRecord.write(a, sa);
        RunRecord.write(b, sb);
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
