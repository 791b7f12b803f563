package io.idbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
    public record Outcome(Kind kind, List<String> lines, String summary, List<Verdict.Change> changes,
            List<Comparison.Delta> deltas) {

        public boolean regressed() {
            return kind == Kind.REGRESSED;
        }

        /** The regressed figures, one line each, for a build's error or a report. */
        public List<String> regressions() {
            List<String> out = new ArrayList<>();
            changes.stream().filter(Verdict.Change::regression).forEach(c -> out.add(String.format(Locale.ROOT,
                    "%s %s %+.1f%% [%+.1f%%, %+.1f%%]", c.label(), c.figure(), c.changePct(), c.lowPct(), c.highPct())));
            deltas.stream().filter(Comparison.Delta::regression).forEach(d -> out.add(String.format(Locale.ROOT, "%s %s %+.1f%%",
                    d.label(), d.figure(), d.changePct())));
            return out;
        }
    }

    private RunVerdict() {
    }

    public static Outcome judge(JsonNode baseline, JsonNode run, double minEffectPct, double alpha, boolean all) {
        return judge(baseline, run, minEffectPct, alpha, all, RunNoise.fixed(RunNoise.DEFAULT_PCT, "the default"));
    }

    /** … with the run-to-run noise given (estimated from the scenario's other runs, say). */
    public static Outcome judge(JsonNode baseline, JsonNode run, double minEffectPct, double alpha, boolean all, RunNoise noise) {
        String disturbed = run.has("disturbed") ? "the run was disturbed (" + run.path("disturbed").asText() + ")"
                : baseline.has("disturbed") ? "the baseline was disturbed (" + baseline.path("disturbed").asText() + ")" : null;
        if (disturbed == null) {
            disturbed = speedMismatch(baseline, run, minEffectPct);
        }
        if (disturbed != null) {
            return new Outcome(Kind.NO_VERDICT, List.of(), "No verdict: " + disturbed, List.of(), List.of());
        }
        if (!baseline.path("intervals").isObject() || !run.path("intervals").isObject()) {
            return byPercentage(baseline, run, minEffectPct, all);
        }
        List<Verdict.Change> changes = new ArrayList<>(new Verdict(minEffectPct, alpha).compare(baseline.path("intervals"),
                run.path("intervals"), noise));
        List<Comparison.Delta> errors = errorRates(baseline.path("labels"), run.path("labels"));
        List<String> lines = new ArrayList<>();
        changes.stream().filter(c -> all || c.regression() || c.improvement()).forEach(c -> lines.add(c.line()));
        errors.stream().filter(d -> all || d.regression()).forEach(d -> lines.add(d.line()));
        long regressions = changes.stream().filter(Verdict.Change::regression).count()
                + errors.stream().filter(Comparison.Delta::regression)
                        .count();
        int compared = changes.size() + errors.size();
        String how = String.format(Locale.ROOT, "worse by at least %s%% and significant (Holm, family-wise alpha %s; run-to-run noise"
                + " %s), or more errors", trim(minEffectPct), trim(alpha), noise.source());
        String summary = regressions == 0 ? "No regression: none of " + compared + " figures " + how
                : regressions + " of " + compared + " figures regressed: " + how;
        return new Outcome(regressions == 0 ? Kind.NO_REGRESSION : Kind.REGRESSED, lines, summary, changes, errors);
    }

    /** The CPU µs of the machine's speed probe during a run, NaN where it was not measured. */
    public static double probeUs(JsonNode run) {
        return run.path("cost").path("machine").path("probeUs").asDouble(Double.NaN);
    }

    /**
     * Why two runs cannot be compared because the machine's CPU ran at another speed (by at least the
     * minimum effect: a hypervisor's neighbours, a lower clock), or null.
     */
    public static String speedMismatch(JsonNode baseline, JsonNode run, double minEffectPct) {
        double b = probeUs(baseline);
        double r = probeUs(run);
        if (!Double.isFinite(b) || !Double.isFinite(r) || b <= 0) {
            return null;
        }
        double slower = (r / b - 1) * 100;
        return Math.abs(slower) < minEffectPct ? null : String.format(Locale.ROOT, "the machine's CPU ran %.1f%% %s than during the"
                + " baseline (the speed probe took %.2f against %.2f µs): the figures are not comparable", Math.abs(slower),
                slower > 0 ? "slower" : "faster", r, b);
    }

    private static Outcome byPercentage(JsonNode baseline, JsonNode run, double tolerancePct, boolean all) {
        List<Comparison.Delta> deltas = new Comparison(tolerancePct).compare(baseline.path("labels"), run.path("labels"));
        List<String> lines = deltas.stream().filter(d -> all || d.regression()).map(Comparison.Delta::line).toList();
        long regressions = deltas.stream().filter(Comparison.Delta::regression).count();
        String note = " (no intervals recorded on " + (run.path("intervals").isObject() ? "the baseline" : "the run")
                + ": a bare percentage on the point values)";
        String summary = regressions == 0
                ? "No regression beyond " + trim(tolerancePct) + "% (" + deltas.size() + " figures compared)" + note
                : regressions + " of " + deltas.size() + " figures regressed beyond " + trim(tolerancePct) + "%" + note;
        return new Outcome(regressions == 0 ? Kind.NO_REGRESSION : Kind.REGRESSED, lines, summary, List.of(), deltas);
    }

    /** Per label present on both sides: an error rate above the baseline's is a regression. */
    private static List<Comparison.Delta> errorRates(JsonNode baseline, JsonNode run) {
        List<Comparison.Delta> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> label : (Iterable<Map.Entry<String, JsonNode>>) run::fields) {
            JsonNode base = baseline.get(label.getKey());
            if (base == null) {
                continue;
            }
            double b = base.path(Comparison.ERROR_RATE).asDouble();
            double r = label.getValue().path(Comparison.ERROR_RATE).asDouble();
            out.add(new Comparison.Delta(label.getKey(), Comparison.ERROR_RATE, b, r, b == 0 ? (r == 0 ? 0 : 100) : (r - b) / b * 100,
                    r > b));
        }
        return out;
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
