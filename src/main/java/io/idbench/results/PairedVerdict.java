package io.idbench.results;

import io.idbench.record.Change;

import io.idbench.record.Repetition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Two services measured interleaved (A B, B A, … one round after another): each round's two
 * repetitions ran back to back and met the same state of the machine, so the comparison is made
 * round by round: per figure, the log ratio B/A of each round; their mean is the change, a t-test
 * over the rounds says whether it differs from none (a slow minute slows both sides of its round
 * and cancels out). Then, as in {@link Verdict}: all figures corrected for together (Holm), and a
 * change counts only from the minimum effect on.
 *
 * @param minEffectPct the smallest change worth a verdict, in % of A
 * @param alpha        family-wise error rate over the figures compared
 */
public record PairedVerdict(double minEffectPct, double alpha) {

    /**
     * @param a each round's repetition of side A
     * @param b each round's repetition of side B, in the same order
     */
    public List<Change> compare(List<Repetition> a, List<Repetition> b) {
        record Test(String label, String figure, double meanA, double meanB, double d, double se, int n, double p) {
        }
        int rounds = Math.min(a.size(), b.size());
        List<Test> tests = new ArrayList<>();
        if (rounds < 2) {
            return List.of();
        }
        for (Map.Entry<String, Map<String, Double>> label : a.get(0).figures().entrySet()) {
            for (String figure : label.getValue().keySet()) {
                double[] d = new double[rounds];
                double sumA = 0;
                double sumB = 0;
                int n = 0;
                for (int r = 0; r < rounds; r++) {
                    double va = a.get(r).figure(label.getKey(), figure);
                    double vb = b.get(r).figure(label.getKey(), figure);
                    if (va > 0 && vb > 0) {
                        d[n++] = Math.log(vb / va);
                        sumA += va;
                        sumB += vb;
                    }
                }
                if (n < 2) {
                    continue;
                }
                double mean = 0;
                for (int i = 0; i < n; i++) {
                    mean += d[i] / n;
                }
                double var = 0;
                for (int i = 0; i < n; i++) {
                    var += (d[i] - mean) * (d[i] - mean) / (n - 1);
                }
                double se = Math.sqrt(var / n);
                double p = se == 0 ? (mean == 0 ? 1 : 0)
                        : 2 * (1 - new TDistribution(n - 1).cumulativeProbability(Math.abs(mean) / se));
                tests.add(new Test(label.getKey(), figure, sumA / n, sumB / n, mean, se, n, p));
            }
        }
        List<Test> byP = tests.stream().sorted(Comparator.comparingDouble(Test::p)).toList();
        Set<Test> significant = new HashSet<>();
        for (int i = 0; i < byP.size() && byP.get(i).p() <= alpha / (byP.size() - i); i++) {
            significant.add(byP.get(i));
        }
        List<Change> out = new ArrayList<>();
        for (Test t : tests) {
            double q = t.se() == 0 ? 0 : new TDistribution(t.n() - 1).inverseCumulativeProbability(1 - alpha / 2);
            double change = pct(t.d());
            boolean worse = Verdict.HIGHER_IS_BETTER.contains(t.figure()) ? change < 0 : change > 0;
            boolean sig = significant.contains(t);
            boolean big = Math.abs(change) >= minEffectPct;
            out.add(new Change(t.label(), t.figure(), t.meanA(), t.meanB(), change, pct(t.d() - q * t.se()),
                    pct(t.d() + q * t.se()),
                    t.p(), sig, sig && big && worse, sig && big && !worse));
        }
        return out;
    }

    private static double pct(double logRatio) {
        return (Math.exp(logRatio) - 1) * 100;
    }
}
