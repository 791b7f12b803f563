package io.idbench.results;

/**
 * One sample of a JMeter CSV results file (JTL): when it started (epoch ms), how long it took
 * (whole ms, JMeter's resolution), its label, whether it succeeded, how many threads were active
 * in the whole test when it ended ({@code allThreads}), and, when the plan saved them
 * ({@code sample_variables=phase,serverMs,serverCpuMs,rep,side}), the plan phase it belongs to, the
 * service's own time and thread CPU for it from its {@code Server-Timing} header (ms with µs
 * resolution; NaN when absent), the repetition (1 when absent) and the side (A, or B when two
 * services are compared; A when absent) it measured, and the JMeter thread that sent it.
 */
public record JtlSample(long timeStamp, long elapsedMillis, String label, boolean success, int allThreads, String phase,
        double serverMillis, double serverCpuMillis, int rep, String side, String threadName) {

    /** The same sample in another phase. */
    public JtlSample inPhase(String other) {
        return new JtlSample(timeStamp, elapsedMillis, label, success, allThreads, other, serverMillis, serverCpuMillis, rep, side,
                threadName);
    }

    /** When the sample ended, epoch ms. */
    public long end() {
        return timeStamp + elapsedMillis;
    }
}
