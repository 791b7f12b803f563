package io.idbench.results;

import io.idbench.record.Side;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One sample of a JMeter CSV results file (JTL): when it started (epoch ms), how long it took
 * (whole ms, JMeter's resolution), its label, whether it succeeded, how many threads were active
 * in the whole test when it ended ({@code allThreads}), and, when the plan saved them
 * ({@code sample_variables=phase,serverMs,serverCpuMs,rep,side}), the plan phase it belongs to, the
 * service's own time and thread CPU for it from its {@code Server-Timing} header (ms with µs
 * resolution; NaN when absent), the repetition (1 when absent) and the side (A, or B when two
 * services are compared; A when absent) it measured, and the JMeter thread that sent it; and the CPU time the JMeter
 * that sent it had spent by then (ms, read at most once a second; NaN when absent) and its host's cores (0 when absent).
 */
public record JtlSample(long timeStamp, long elapsedMillis, String label, boolean success, int allThreads, String phase,
        double serverMillis, double serverCpuMillis, int rep, Side side, String threadName, double engineCpuMillis,
        int engineCores) {
    /** The engine of a sample from the build's own JMeter (not distributed). */
    public static final String LOCAL_ENGINE = "local";
    /** A remote engine's thread names start with its host:port and a dash (JMeter's distributed mode). */
    private static final Pattern REMOTE_THREAD = Pattern.compile("^(\\S+:\\d+)-");

    /** The same sample in another phase. */
    public JtlSample inPhase(String other) {
        return new JtlSample(timeStamp, elapsedMillis, label, success, allThreads, other, serverMillis, serverCpuMillis, rep, side,
                threadName, engineCpuMillis, engineCores);
    }

    /** The JMeter engine that sent it: host:port of a remote engine, or {@link #LOCAL_ENGINE}. */
    public String engine() {
        Matcher m = REMOTE_THREAD.matcher(threadName);
        return m.find() ? m.group(1) : LOCAL_ENGINE;
    }

    /** When the sample ended, epoch ms. */
    public long end() {
        return timeStamp + elapsedMillis;
    }
}
