package io.idbench.results;

import java.util.Arrays;
import java.util.List;

/**
 * Values counted in bins shared by many samples (the windows of a label's repetitions), so that a
 * bootstrap draw adds up counts instead of merging raw samples: the bins are the distinct values
 * (whole ms from JMeter, µs from the service), coarsened to three significant digits only when
 * there are very many. A percentile of a tally is read as {@link Quantiles} reads one: within the
 * tick of the bin where the cumulative count crosses it.
 */
final class Tally {
    /** Distinct values up to this many are kept exact. */
    private static final int MAX_BINS = 4096;

    private final double[] bins;

    private Tally(double[] bins) {
        this.bins = bins;
    }

    /** Bins for every value of these samples. */
    static Tally of(List<double[]> samples) {
        double[] all = samples.stream().flatMapToDouble(Arrays::stream).sorted().distinct().toArray();
        if (all.length > MAX_BINS) {
            all = Arrays.stream(all).map(Tally::threeDigits).sorted().distinct().toArray();
        }
        return new Tally(all);
    }

    private static double threeDigits(double v) {
        if (v <= 0) {
            return v;
        }
        double scale = Math.pow(10, Math.floor(Math.log10(v)) - 2);
        return Math.round(v / scale) * scale;
    }

    /** One sample's counts: parallel arrays of bin indexes and counts (only the bins it has). */
    record Counts(int[] bins, int[] counts, long total) {
    }

    Counts count(double[] sorted) {
        int[] idx = new int[sorted.length];
        int[] cnt = new int[sorted.length];
        int k = -1;
        for (double v : sorted) {
            int b = bin(v);
            if (k >= 0 && idx[k] == b) {
                cnt[k]++;
            } else {
                k++;
                idx[k] = b;
                cnt[k] = 1;
            }
        }
        return new Counts(Arrays.copyOf(idx, k + 1), Arrays.copyOf(cnt, k + 1), sorted.length);
    }

    private int bin(double v) {
        int i = Arrays.binarySearch(bins, v);
        if (i >= 0) {
            return i;
        }
        int above = -i - 1; // coarsened: the nearest bin
        if (above == 0) {
            return 0;
        }
        if (above == bins.length) {
            return bins.length - 1;
        }
        return v - bins[above - 1] <= bins[above] - v ? above - 1 : above;
    }

    /** A fresh array of counts per bin, to add draws into. */
    long[] empty() {
        return new long[bins.length];
    }

    static void add(long[] into, Counts c, int times) {
        for (int i = 0; i < c.bins().length; i++) {
            into[c.bins()[i]] += (long) c.counts()[i] * times;
        }
    }

    /** The percentile (0-100) of the counts, interpolated within the tick; NaN when empty. */
    double percentile(long[] counts, double percentile, double tick) {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        if (n == 0) {
            return Double.NaN;
        }
        double rank = percentile / 100 * n;
        long below = 0;
        for (int b = 0; b < counts.length; b++) {
            if (counts[b] > 0 && below + counts[b] >= rank) {
                double within = Math.min(1, Math.max(0, (rank - below) / counts[b]));
                return bins[b] - tick / 2 + tick * within;
            }
            below += counts[b];
        }
        return bins[bins.length - 1] + tick / 2;
    }
}
