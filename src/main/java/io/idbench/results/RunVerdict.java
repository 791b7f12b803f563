package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Numbers;
import io.idbench.record.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A recorded run judged against a baseline, as {@code idbench compare}, {@code -Dbaseline} and
 * the site's trends judge it: by {@link Verdict} over both records' intervals (each figure's
 * change tested, many figures corrected for together, a minimum effect), plus any error rate above
 * the baseline's. A disturbed run or baseline gets no verdict, nor two runs whose machine's CPU
 * ran at speeds apart by the minimum effect or more (the speed probe of the CPU sampler). Records without intervals (made
 * before they were recorded, or baseline files that only have {@code labels}) are compared by the
 * older rule, a percentage on the point values, and the outcome says so.
 */
public final class RunVerdict {
    /** What the comparison concluded. */
    public enum Kind { NO_REGRESSION, REGRESSED, NO_VERDICT }

    /**
     * @param lines   one line per figure worth showing (regressions, improvements; every figure with {@code all})
     * @param summary one line: the conclusion and how it was reached
     */
    public record Outcome(Kind kind, List<String> lines, String summary, List<Change> changes,
            List<Comparison.Delta> deltas) {

        public boolean regressed() {
            return kind == Kind.REGRESSED;
        }

        /** The regressed figures, one line each, for a build's error or a report. */
        public List<String> regressions() {
            List<String> out = new ArrayList<>();
            changes.stream().filter(Change::regression).forEach(c -> out.add(c.brief()));
            deltas.stream().filter(Comparison.Delta::regression).forEach(d -> out.add(String.format(Locale.ROOT, "%s %s %+.1f%%",
                    d.label(), d.figure(), d.changePct())));
            return out;
        }
    }

    private RunVerdict() {
    }

    public static Outcome judge(RunRecord baseline, RunRecord run, double minEffectPct, double alpha, boolean all) {
        return judge(baseline, run, minEffectPct, alpha, all, RunNoise.fixed(RunNoise.DEFAULT_PCT, "the default"));
    }

    /** … with the run-to-run noise given (estimated from the scenario's other runs, say). */
    public static Outcome judge(RunRecord baseline, RunRecord run, double minEffectPct, double alpha, boolean all, RunNoise noise) {
        String disturbed = run.disturbed() != null ? "the run was disturbed (" + run.disturbed() + ")"
                : baseline.disturbed() != null ? "the baseline was disturbed (" + baseline.disturbed() + ")" : null;
        if (disturbed == null) {
            disturbed = speedMismatch(baseline, run, minEffectPct);
        }
        if (disturbed != null) {
            return new Outcome(Kind.NO_VERDICT, List.of(), "No verdict: " + disturbed, List.of(), List.of());
        }
        if (baseline.intervals().isEmpty() || run.intervals().isEmpty()) {
            return byPercentage(baseline, run, minEffectPct, all);
        }
        List<Change> changes = new ArrayList<>(new Verdict(minEffectPct, alpha).compare(baseline.intervals(), run.intervals(), noise));
        List<Comparison.Delta> errors = new ArrayList<>();
        run.labels().forEach((label, figures) -> {
            if (baseline.labels().containsKey(label)) {
                errors.add(Comparison.errorRate(label, baseline.labels().get(label), figures));
            }
        });
        List<String> lines = new ArrayList<>();
        changes.stream().filter(c -> all || c.regression() || c.improvement()).forEach(c -> lines.add(c.line()));
        errors.stream().filter(d -> all || d.regression()).forEach(d -> lines.add(d.line()));
        long regressions = changes.stream().filter(Change::regression).count() + errors.stream().filter(Comparison.Delta::regression)
                .count();
        int compared = changes.size() + errors.size();
        String how = String.format(Locale.ROOT, "worse by at least %s%% and significant (Holm, family-wise alpha %s; intervals between"
                + " runs: each run's own with the run-to-run noise %s), or more errors", Numbers.trim(minEffectPct), Numbers.trim(alpha),
                noise.source());
        String summary = regressions == 0 ? "No regression: none of " + compared + " figures " + how
                : regressions + " of " + compared + " figures regressed: " + how;
        return new Outcome(regressions == 0 ? Kind.NO_REGRESSION : Kind.REGRESSED, lines, summary, changes, errors);
    }

    /**
     * Why two runs cannot be compared because the machine's CPU ran at another speed (by at least the
     * minimum effect: a hypervisor's neighbours, a lower clock), or null.
     */
    public static String speedMismatch(RunRecord baseline, RunRecord run, double minEffectPct) {
        double b = baseline.probeUs();
        double r = run.probeUs();
        if (!Double.isFinite(b) || !Double.isFinite(r) || b <= 0) {
            return null;
        }
        double slower = (r / b - 1) * 100;
        return Math.abs(slower) < minEffectPct ? null : String.format(Locale.ROOT, "the machine's CPU ran %.1f%% %s than during the"
                + " baseline (the speed probe took %.2f against %.2f µs): the figures are not comparable", Math.abs(slower),
                slower > 0 ? "slower" : "faster", r, b);
    }

    private static Outcome byPercentage(RunRecord baseline, RunRecord run, double tolerancePct, boolean all) {
        List<Comparison.Delta> deltas = new Comparison(tolerancePct).compare(baseline.labels(), run.labels());
        List<String> lines = deltas.stream().filter(d -> all || d.regression()).map(Comparison.Delta::line).toList();
        long regressions = deltas.stream().filter(Comparison.Delta::regression).count();
        String note = " (no intervals recorded on " + (run.intervals().isEmpty() ? "the run" : "the baseline")
                + ": a bare percentage on the point values)";
        String summary = regressions == 0
                ? "No regression beyond " + Numbers.trim(tolerancePct) + "% (" + deltas.size() + " figures compared)" + note
                : regressions + " of " + deltas.size() + " figures regressed beyond " + Numbers.trim(tolerancePct) + "%" + note;
        return new Outcome(regressions == 0 ? Kind.NO_REGRESSION : Kind.REGRESSED, lines, summary, List.of(), deltas);
    }
}
