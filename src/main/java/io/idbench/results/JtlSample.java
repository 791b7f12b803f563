package io.idbench.results;

/**
 * One sample of a JMeter CSV results file (JTL): when it started (epoch ms), how long it took
 * (whole ms, JMeter's resolution), its label, whether it succeeded, and how many threads were
 * active in the whole test when it ended ({@code allThreads}).
 */
public record JtlSample(long timeStamp, long elapsedMillis, String label, boolean success, int allThreads) {

    /** When the sample ended, epoch ms. */
    public long end() {
        return timeStamp + elapsedMillis;
    }
}
