package io.idbench.results;

/**
 * One sample of a JMeter CSV results file (JTL): when it started (epoch ms), how long it took
 * (whole ms, JMeter's resolution), its label, whether it succeeded, how many threads were active
 * in the whole test when it ended ({@code allThreads}), and, when the plan saved them
 * ({@code sample_variables=phase,serverMs}), the plan phase it belongs to and the service's own
 * time for it from its {@code Server-Timing} header (ms with µs resolution; NaN when absent).
 */
public record JtlSample(long timeStamp, long elapsedMillis, String label, boolean success, int allThreads, String phase,
                        double serverMillis) {

    /** When the sample ended, epoch ms. */
    public long end() {
        return timeStamp + elapsedMillis;
    }
}
