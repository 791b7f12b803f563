package io.idbench.results;

/**
 * Percentiles of values recorded on a clock with a tick (JMeter: 1 ms; the service's
 * Server-Timing: 1 µs). A value k on such a clock stands for a time within half a tick of k; the
 * percentile is interpolated within the tick where the cumulative count crosses it, so a p50 of
 * "5 ms" can read 4.62 ms and move by less than a whole tick. (JMeter's start and end times fall
 * at random phases of its millisecond, so its recorded elapsed times are dithered and the
 * interpolation reads the time under the tick without bias.) {@link Tally} does the same over
 * many samples at once.
 */
public final class Quantiles {
    /** JMeter's clock. */
    public static final double MILLISECOND_TICK = 1;
    /** The service's Server-Timing, in ms with three decimals. */
    public static final double MICROSECOND_TICK = 0.001;

    private Quantiles() {
    }

    /** The {@code percentile} (0-100) of a sorted sample; NaN when it is empty. With a tick of 0: the nearest-rank value. */
    public static double of(double[] sorted, double percentile, double tick) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        double rank = percentile / 100 * n;
        int at = Math.min(n - 1, Math.max(0, (int) Math.ceil(rank) - 1)); // the first value whose count reaches the rank
        double v = sorted[at];
        int first = at;
        while (first > 0 && sorted[first - 1] == v) {
            first--;
        }
        int last = at;
        while (last < n - 1 && sorted[last + 1] == v) {
            last++;
        }
        double within = Math.min(1, Math.max(0, (rank - first) / (last - first + 1)));
        return v - tick / 2 + tick * within;
    }
}
