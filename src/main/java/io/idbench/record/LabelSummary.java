package io.idbench.record;

/**
 * One label's statistics in one repetition, over every measured sample: times in whole ms (JMeter's tick), throughput per
 * second, and the service's own times when the samples carried them (null otherwise).
 */
public record LabelSummary(long samples, long errors, double errorRate, double throughput, double mean, long min, long p50,
        long p90, long p95, long p99, long p999, long max, ServerSummary server) {

    public static final LabelSummary EMPTY = new LabelSummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null);
}
