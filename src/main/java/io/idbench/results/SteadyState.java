package io.idbench.results;

import io.idbench.record.Repetition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Whether each operation stayed steady over a run's measured repetitions: a figure that keeps rising or falling from the first
 * repetition to the last (a table that grows, a cache that fills, a JIT that never settles) is not one figure, and pooling
 * it would hide that. Per label, its p50 and throughput over the repetitions in order are tested for a monotonic trend
 * (Mann-Kendall, all labels and figures corrected for together by Holm); a trend counts when it is significant and moves the
 * figure by at least the minimum effect over the run (Sen's slope times the repetitions, against the median).
 */
public final class SteadyState {
    /** The figures whose course over the repetitions is tested. */
    public static final List<String> FIGURES = List.of("p50", "throughput");
    /** The smallest move over a run that makes it unsteady, in %: what each run's record applied. */
    public static final double MIN_EFFECT_PCT = Verdict.DEFAULT_MIN_EFFECT;
    /** Fewer repetitions cannot show a trend at 5 %. */
    public static final int MIN_REPETITIONS = 6;
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    private SteadyState() {
    }

    /** The labels that did not stay steady, each with why ("p50 rose 12.3% over 40 repetitions (Mann-Kendall p=0.0004)"). */
    public static Map<String, String> unsteady(List<Repetition> repetitions, double minEffectPct, double alpha) {
        record Trend(String label, String figure, double changePct, double p) {
        }
        Map<String, String> out = new LinkedHashMap<>();
        if (repetitions.size() < MIN_REPETITIONS) {
            return out;
        }
        List<Trend> trends = new ArrayList<>();
        for (String label : repetitions.get(0).figures().keySet()) {
            for (String figure : FIGURES) {
                double[] x = repetitions.stream().mapToDouble(r -> r.figure(label, figure)).toArray();
                if (Arrays.stream(x).allMatch(v -> Double.isFinite(v) && v > 0)) {
                    trends.add(new Trend(label, figure, changePct(x), mannKendallP(x)));
                }
            }
        }
        List<Trend> byP = trends.stream().sorted(Comparator.comparingDouble(Trend::p)).toList();
        for (int i = 0; i < byP.size() && byP.get(i).p() <= alpha / (byP.size() - i); i++) {
            Trend t = byP.get(i);
            if (Math.abs(t.changePct()) >= minEffectPct) {
                String said = String.format(Locale.ROOT, "%s %s %.1f%% over %d repetitions (Mann-Kendall p=%.4f)", t.figure(),
                        t.changePct() > 0 ? "rose" : "fell", Math.abs(t.changePct()), repetitions.size(), t.p());
                out.merge(t.label(), said, (a, b) -> a + "; " + b);
            }
        }
        return out;
    }

    /** Two-sided p of Mann-Kendall's S (normal approximation with continuity correction; ties reduce the variance). */
    static double mannKendallP(double[] x) {
        int n = x.length;
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += Long.signum(Double.compare(x[j], x[i]));
            }
        }
        double variance = n * (n - 1.0) * (2 * n + 5) / 18;
        Map<Double, Integer> ties = new LinkedHashMap<>();
        for (double v : x) {
            ties.merge(v, 1, Integer::sum);
        }
        for (int t : ties.values()) {
            variance -= t * (t - 1.0) * (2 * t + 5) / 18;
        }
        if (s == 0 || variance <= 0) {
            return 1;
        }
        double z = (Math.abs(s) - 1) / Math.sqrt(variance);
        return 2 * (1 - NORMAL.cumulativeProbability(z));
    }

    /** Sen's slope (the median of all pairwise slopes) over the run, in % of the median value. */
    static double changePct(double[] x) {
        int n = x.length;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                slopes[k++] = (x[j] - x[i]) / (j - i);
            }
        }
        return Bootstrap.median(slopes) * (n - 1) / Bootstrap.median(x) * 100;
    }
}
