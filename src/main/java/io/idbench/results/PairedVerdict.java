package io.idbench.results;

import io.idbench.record.Change;

import io.idbench.record.Repetition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Two services measured interleaved (A B, B A, … one round after another): each round's two
 * repetitions ran back to back and met the same state of the machine, so the comparison is made
 * round by round: per figure, the log ratio B/A of each round; their mean is the change, a t-test
 * over the rounds says whether it differs from none (a slow minute slows both sides of its round
 * and cancels out). Then, as in {@link Verdict}: all figures corrected for together (Holm), and a
 * change counts only from the minimum effect on.
 *
 * <p>The rounds cannot cancel what differs between the two service processes for their whole life: each JVM compiles its
 * hot code its own way, and each server's memory lands where it lands. Two services of one build measured this way differ
 * by a few percent for good, as A/A checks show (docs/measurement.md), so that difference ({@code instanceNoisePct}, the
 * standard deviation of B/A between such pairs, per figure: {@link RunNoise#ofInstances}) is added to each figure's
 * uncertainty (Welch-Satterthwaite for the degrees of freedom, the noise counting as estimated from its A/A checks).
 *
 * @param minEffectPct  the smallest change worth a verdict, in % of A
 * @param alpha         family-wise error rate over the figures compared
 * @param instanceNoise how much two service processes of one build differ for good; {@link RunNoise#NONE} trusts the rounds
 */
public record PairedVerdict(double minEffectPct, double alpha, RunNoise instanceNoise) {

    /** Trusting the rounds alone. */
    public PairedVerdict(double minEffectPct, double alpha) {
        this(minEffectPct, alpha, RunNoise.NONE);
    }

    /**
     * @param a each round's repetition of side A
     * @param b each round's repetition of side B, in the same order
     */
    public List<Change> compare(List<Repetition> a, List<Repetition> b) {
        record Test(String label, String figure, double meanA, double meanB, double d, double se, double df, double p, double roundsSe) {
        }
        int rounds = Math.min(a.size(), b.size());
        List<Test> tests = new ArrayList<>();
        if (rounds < 2) {
            return List.of();
        }
        for (Map.Entry<String, Map<String, Double>> label : a.get(0).figures().entrySet()) {
            for (String figure : label.getValue().keySet()) {
                double[] d = logRatios(a, b, label.getKey(), figure);
                int n = d.length;
                if (n < 2) {
                    continue;
                }
                double sumA = 0;
                double sumB = 0;
                for (int r = 0; r < rounds; r++) {
                    double va = a.get(r).figure(label.getKey(), figure);
                    double vb = b.get(r).figure(label.getKey(), figure);
                    if (va > 0 && vb > 0) {
                        sumA += va;
                        sumB += vb;
                    }
                }
                double mean = Arrays.stream(d).average().orElse(0);
                double rounds2 = Math.pow(standardDeviation(d), 2) / n;
                double instance2 = Math.pow(instanceNoise.sigma(label.getKey(), figure), 2);
                double se = Math.sqrt(rounds2 + instance2);
                double df = Welch.degreesOfFreedom(rounds2, n - 1, instance2, instanceNoise.degreesOfFreedom(label.getKey(), figure));
                double p = se == 0 ? (mean == 0 ? 1 : 0) : 2 * (1 - Verdict.distribution(df).cumulativeProbability(Math.abs(mean) / se));
                tests.add(new Test(label.getKey(), figure, sumA / n, sumB / n, mean, se, df, p, Math.sqrt(rounds2)));
            }
        }
        List<Test> byP = tests.stream().sorted(Comparator.comparingDouble(Test::p)).toList();
        Set<Test> significant = new HashSet<>();
        for (int i = 0; i < byP.size() && byP.get(i).p() <= alpha / (byP.size() - i); i++) {
            significant.add(byP.get(i));
        }
        List<Change> out = new ArrayList<>();
        for (Test t : tests) {
            double q = t.se() == 0 ? 0 : Verdict.distribution(t.df()).inverseCumulativeProbability(1 - alpha / 2);
            double change = pct(t.d());
            boolean worse = Verdict.HIGHER_IS_BETTER.contains(t.figure()) ? change < 0 : change > 0;
            boolean sig = significant.contains(t);
            boolean big = Math.abs(change) >= minEffectPct;
            out.add(new Change(t.label(), t.figure(), t.meanA(), t.meanB(), change, pct(t.d() - q * t.se()),
                    pct(t.d() + q * t.se()),
                    t.p(), sig, sig && big && worse, sig && big && !worse,
                    Math.max(minEffectPct, Power.detectablePct(t.se(), t.df(), alpha, tests.size())), t.roundsSe()));
        }
        return out;
    }

    /**
     * The rounds it would take to detect a change of {@code targetPct} in one figure with {@link Power#POWER}, from how
     * much its ratio B/A moved from round to round here and the instance noise, which no number of rounds removes; 0 when
     * fewer than two rounds have it.
     *
     * @param figures how many figures are tested together (the verdict's Holm correction)
     */
    public int roundsFor(double targetPct, List<Repetition> a, List<Repetition> b, String label, String figure, int figures) {
        double[] d = logRatios(a, b, label, figure);
        return d.length < 2 ? 0 : Power.roundsFor(targetPct, standardDeviation(d), instanceNoise.sigma(label, figure), alpha, figures);
    }

    /** Each round's log ratio B/A of a figure, for the rounds where both sides have it. */
    private static double[] logRatios(List<Repetition> a, List<Repetition> b, String label, String figure) {
        int rounds = Math.min(a.size(), b.size());
        double[] d = new double[rounds];
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            double va = a.get(r).figure(label, figure);
            double vb = b.get(r).figure(label, figure);
            if (va > 0 && vb > 0) {
                d[n++] = Math.log(vb / va);
            }
        }
        return Arrays.copyOf(d, n);
    }

    private static double standardDeviation(double[] x) {
        double mean = Arrays.stream(x).average().orElse(0);
        return Math.sqrt(Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1));
    }

    private static double pct(double logRatio) {
        return (Math.exp(logRatio) - 1) * 100;
    }
}
