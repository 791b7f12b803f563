package io.idbench.record;

import java.util.List;

/**
 * The shape of a label's latencies, for the site's percentile curve and histogram: the latency at fixed percentiles, and the
 * sample counts in buckets whose bounds grow by half powers of two (so a 1 ms and a 1 s service both get a readable
 * histogram).
 */
public record Distribution(List<Point> percentiles, List<Bucket> histogram) {

    /** The latency (ms) at or below which {@code percentile} % of the samples fell. */
    public record Point(double percentile, long millis) {
    }

    /** Samples with {@code fromMillis < latency <= toMillis} (the first bucket starts at 0 inclusive). */
    public record Bucket(long fromMillis, long toMillis, long count) {
    }
}
