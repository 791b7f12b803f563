package io.idbench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a history (one figure, run after run) by E-divisive means (Matteson and James,
 * 2014), the method of MongoDB's performance CI and Apache Otava: the split of a segment that
 * maximises the energy distance between the points before and after it is a candidate; it is kept
 * when a permutation test says such a distance is unlikely from the segment's points in any order;
 * the segments on both sides are searched again, until no candidate is significant. A single
 * outlying night cannot be a segment of its own ({@link #MIN_SEGMENT} runs), so it is not a change.
 */
public final class ChangePoints {
    /** Runs on each side of a change: one night alone is noise, two in a row are a step. */
    public static final int MIN_SEGMENT = 2;
    public static final double DEFAULT_ALPHA = 0.05;
    public static final int PERMUTATIONS = 199;

    private ChangePoints() {
    }

    /**
     * A change between {@code index - 1} and {@code index}: the medians of the segments before and
     * after it (bounded by the neighbouring change points), the change in %, the permutation p-value.
     */
    public record ChangePoint(int index, double before, double after, double changePct, double p) {
    }

    /** The change points of {@code series}, in order; none in a series shorter than two segments. */
    public static List<ChangePoint> find(double[] series, double alpha, long seed) {
        return find(series, alpha, 0, seed);
    }

    /**
     * … keeping only steps of at least {@code minEffectPct} between the medians of the segments on
     * both sides: a significant split that small is the noise of a long history, not a change.
     */
    public static List<ChangePoint> find(double[] series, double alpha, double minEffectPct, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Integer> cuts = new ArrayList<>(List.of(0, series.length));
        List<Double> pValues = new ArrayList<>();
        List<Integer> found = new ArrayList<>();
        List<Integer> settled = new ArrayList<>(); // segment starts whose best split was too small a step
        while (true) {
            Candidate best = null;
            for (int i = 0; i + 1 < cuts.size(); i++) {
                if (settled.contains(cuts.get(i))) {
                    continue;
                }
                Candidate c = best(series, cuts.get(i), cuts.get(i + 1));
                if (c != null && (best == null || c.q > best.q)) {
                    best = c;
                }
            }
            if (best == null) {
                break;
            }
            double p = permutationP(series, best, random);
            if (p > alpha) {
                break;
            }
            double before = median(Arrays.copyOfRange(series, best.start, best.tau));
            double after = median(Arrays.copyOfRange(series, best.tau, best.end));
            if (before != 0 && Math.abs(after - before) / Math.abs(before) * 100 < minEffectPct) {
                settled.add(best.start);
                continue;
            }
            found.add(best.tau);
            pValues.add(p);
            cuts.add(best.tau);
            cuts.sort(Comparator.naturalOrder());
        }
        List<ChangePoint> out = new ArrayList<>();
        for (int k = 0; k < found.size(); k++) {
            int tau = found.get(k);
            int at = cuts.indexOf(tau);
            double before = median(Arrays.copyOfRange(series, cuts.get(at - 1), tau));
            double after = median(Arrays.copyOfRange(series, tau, cuts.get(at + 1)));
            out.add(new ChangePoint(tau, before, after, before == 0 ? 0 : (after - before) / before * 100, pValues.get(k)));
        }
        out.sort(Comparator.comparingInt(ChangePoint::index));
        return out;
    }

    private record Candidate(int start, int end, int tau, double q) {
    }

    /** The best split of [start, end), or null when the segment is too short to split. */
    private static Candidate best(double[] x, int start, int end) {
        if (end - start < 2 * MIN_SEGMENT) {
            return null;
        }
        Sums sums = new Sums(x, start, end);
        Candidate best = null;
        for (int tau = start + MIN_SEGMENT; tau <= end - MIN_SEGMENT; tau++) {
            double q = sums.q(tau);
            if (best == null || q > best.q) {
                best = new Candidate(start, end, tau, q);
            }
        }
        return best;
    }

    /** The share of random orders of the segment whose best split is at least as strong. */
    private static double permutationP(double[] x, Candidate c, SplittableRandom random) {
        double[] copy = x.clone();
        int atLeast = 0;
        for (int i = 0; i < PERMUTATIONS; i++) {
            for (int j = c.end - 1; j > c.start; j--) {
                int k = c.start + random.nextInt(j - c.start + 1);
                double t = copy[j];
                copy[j] = copy[k];
                copy[k] = t;
            }
            Candidate shuffled = best(copy, c.start, c.end);
            if (shuffled != null && shuffled.q >= c.q) {
                atLeast++;
            }
        }
        return (atLeast + 1.0) / (PERMUTATIONS + 1);
    }

    /** Sums of pairwise distances |x_i - x_j| over blocks of a segment, each in O(1) from 2-d prefix sums. */
    private static final class Sums {
        private final int start;
        private final int end;
        private final double[][] prefix;

        Sums(double[] x, int start, int end) {
            this.start = start;
            this.end = end;
            int n = end - start;
            prefix = new double[n + 1][n + 1];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    prefix[i + 1][j + 1] = Math.abs(x[start + i] - x[start + j]) + prefix[i][j + 1] + prefix[i + 1][j] - prefix[i][j];
                }
            }
        }

        private double block(int a1, int a2, int b1, int b2) {
            return prefix[a2][b2] - prefix[a1][b2] - prefix[a2][b1] + prefix[a1][b1];
        }

        /** The energy statistic of splitting at tau (Matteson and James, with exponent 1). */
        double q(int tau) {
            int m = tau - start;
            int n = end - tau;
            int t = tau - start;
            int e = end - start;
            double between = block(0, t, t, e);
            double left = block(0, t, 0, t) / 2;
            double right = block(t, e, t, e) / 2;
            double energy = 2.0 / (m * n) * between - left / (m * (m - 1) / 2.0) - right / (n * (n - 1) / 2.0);
            return (double) m * n / (m + n) * energy;
        }
    }

    static double median(double[] values) {
        return Bootstrap.median(values);
    }
}
