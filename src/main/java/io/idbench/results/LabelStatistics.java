package io.idbench.results;

import io.idbench.record.Distribution;
import io.idbench.record.LabelSummary;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * The statistics of one label over every sample kept (not JMeter's dashboard window of 20,000):
 * an HdrHistogram of the elapsed times in ms, exact below 100 s with 5 significant digits, and
 * the span from the first start to the last end for the throughput, as JMeter defines it.
 */
public final class LabelStatistics {
    /** Longest elapsed time tracked exactly: one hour. */
    static final long HIGHEST_MILLIS = 3_600_000;
    private static final int SIGNIFICANT_DIGITS = 5;
    /** The precision of the distributions pooled over repetitions (drawn, not reported as figures). */
    static final int POOLED_DIGITS = 3;

    private final Histogram histogram = new Histogram(HIGHEST_MILLIS, SIGNIFICANT_DIGITS);
    private final ServerTimes server = new ServerTimes();
    private long errors;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;

    void add(JtlSample s) {
        histogram.recordValue(Math.min(Math.max(s.elapsedMillis(), 0), HIGHEST_MILLIS));
        server.add(s.serverMillis(), s.serverCpuMillis());
        if (!s.success()) {
            errors++;
        }
        firstStart = Math.min(firstStart, s.timeStamp());
        lastEnd = Math.max(lastEnd, s.end());
    }

    /** The numbers the record keeps of the label in a repetition (times in ms, throughput per second). */
    public LabelSummary summary() {
        long n = histogram.getTotalCount();
        if (n == 0) {
            return LabelSummary.EMPTY;
        }
        double seconds = Math.max(1, lastEnd - firstStart) / 1000.0;
        return new LabelSummary(n, errors, (double) errors / n, n / seconds, histogram.getMean(), histogram.getMinValue(),
                at(50), at(90), at(95), at(99), at(99.9), histogram.getMaxValue(), server.summary());
    }

    /**
     * The elapsed times at {@value #POOLED_DIGITS} significant digits (exact to 2 s, within 0.1 % above): a tenth of a
     * megabyte to keep per repetition and pool over a run, where the full histogram takes six.
     */
    AbstractHistogram pooledCopy() {
        IntCountsHistogram copy = new IntCountsHistogram(HIGHEST_MILLIS, POOLED_DIGITS);
        copy.add(histogram);
        return copy;
    }

    /** An empty histogram to pool repetitions' {@link #pooledCopy()} into. */
    static Histogram pooled() {
        return new Histogram(HIGHEST_MILLIS, POOLED_DIGITS);
    }

    /** From its first sample's start to its last one's end, epoch ms; null without samples. */
    RunStatistics.Window span() {
        return histogram.getTotalCount() == 0 ? null : new RunStatistics.Window(firstStart, lastEnd);
    }

    /** The percentile curve and histogram of the elapsed times. */
    public Distribution distribution() {
        return Distributions.of(histogram);
    }

    private long at(double percentile) {
        return histogram.getValueAtPercentile(percentile);
    }
}
