package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Interval;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A run against a baseline, figure by figure, decided by a test and not by a bare percentage:
 * each figure's change is the log ratio of the two runs' figures, its uncertainty the two runs'
 * bootstrap standard errors combined (their {@code intervals}) with the run-to-run noise of the
 * machine ({@link RunNoise}, for two separate runs), tested with Student's t at the degrees of
 * freedom of that sum (Welch-Satterthwaite: the bootstrap errors count as known, the run-to-run
 * noise as estimated from its runs; the normal distribution when nothing is estimated); a figure regressed when it is
 * worse by at least the minimum effect AND the change is significant at the family-wise level
 * {@code alpha} over all figures compared (Holm's step-down correction: many figures are tested
 * at once, and one of fifty would otherwise look significant by chance). An error rate above the
 * baseline's is a regression whatever its size.
 *
 * @param minEffectPct the smallest change worth a verdict, in % of the baseline
 * @param alpha        family-wise error rate over the figures of one comparison
 */
public record Verdict(double minEffectPct, double alpha) {
    /** Below 5 % a change is within what two JVMs of the same code differ by on this kind of machine. */
    public static final double DEFAULT_MIN_EFFECT = 5;
    public static final double DEFAULT_ALPHA = 0.05;
    /** Figures where more is better; every other figure is a time or a cost. */
    public static final Set<String> HIGHER_IS_BETTER = Set.of("throughput");
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    public static Verdict defaults() {
        return new Verdict(DEFAULT_MIN_EFFECT, DEFAULT_ALPHA);
    }

    /** All figures both sides have intervals for, in the run's order; the decisions made over all of them at once. */
    public List<Change> compare(Map<String, Map<String, Interval>> baseline, Map<String, Map<String, Interval>> run) {
        return compare(baseline, run, RunNoise.NONE);
    }

    /** … with the run-to-run noise of each figure added to both sides' intervals (two separate runs). */
    public List<Change> compare(Map<String, Map<String, Interval>> baseline, Map<String, Map<String, Interval>> run, RunNoise noise) {
        record Test(String label, String figure, double base, double run, double d, double se, double df, double p) {
        }
        List<Test> tests = new ArrayList<>();
        run.forEach((label, figures) -> figures.forEach((figure, r) -> {
            Interval b = baseline.getOrDefault(label, Map.of()).get(figure);
            if (b == null) {
                return;
            }
            double between = 2 * Math.pow(noise.sigma(label, figure), 2);
            double measured = Math.pow(b.logSe(), 2) + Math.pow(r.logSe(), 2);
            double variance = measured + between;
            if (!(b.value() > 0) || !(r.value() > 0) || Double.isNaN(variance)) {
                return;
            }
            double df = Welch.degreesOfFreedom(measured, Double.POSITIVE_INFINITY, between, noise.degreesOfFreedom(label, figure));
            double d = Math.log(r.value() / b.value());
            double se = Math.sqrt(variance);
            double p = se == 0 ? (d == 0 ? 1 : 0) : 2 * (1 - distribution(df).cumulativeProbability(Math.abs(d) / se));
            tests.add(new Test(label, figure, b.value(), r.value(), d, se, df, p));
        }));
        // Holm: the i-th smallest p-value (from 0) is significant at alpha / (m - i), until the first that is not.
        List<Test> byP = tests.stream().sorted(Comparator.comparingDouble(Test::p)).toList();
        int m = byP.size();
        Set<Test> significant = new HashSet<>();
        for (int i = 0; i < m && byP.get(i).p() <= alpha / (m - i); i++) {
            significant.add(byP.get(i));
        }
        List<Change> out = new ArrayList<>();
        for (Test t : tests) {
            double z = distribution(t.df()).inverseCumulativeProbability(1 - alpha / 2);
            double change = pct(t.d());
            boolean higherBetter = HIGHER_IS_BETTER.contains(t.figure());
            boolean worse = higherBetter ? change < 0 : change > 0;
            boolean sig = significant.contains(t);
            boolean big = Math.abs(change) >= minEffectPct;
            out.add(new Change(t.label(), t.figure(), t.base(), t.run(), change, pct(t.d() - z * t.se()), pct(t.d() + z * t.se()), t.p(),
                    sig, sig && big && worse, sig && big && !worse,
                    Math.max(minEffectPct, Power.detectablePct(t.se(), t.df(), alpha, m)), null));
        }
        return out;
    }

    /** Student's t at {@code df} degrees of freedom; the normal distribution when they are infinite (or too many to tell apart). */
    static RealDistribution distribution(double df) {
        return df > 1e6 ? NORMAL : new TDistribution(null, df);
    }

    private static double pct(double logRatio) {
        return (Math.exp(logRatio) - 1) * 100;
    }
}
