package io.idbench.results;

import io.idbench.record.ServerSummary;

import org.HdrHistogram.Histogram;

/**
 * The service's own time per request, from its {@code Server-Timing: app;dur=<ms>} header (and its
 * thread's CPU time, {@code cpu;dur=<ms>}): µs
 * resolution where JMeter's elapsed time has whole milliseconds, so percentiles of sub-millisecond
 * operations mean something. It excludes the network and JMeter itself.
 */
public final class ServerTimes {
    private static final long HIGHEST_MICROS = 3_600_000_000L;
    private final Histogram micros = new Histogram(HIGHEST_MICROS, 3);
    private double cpuMillis;
    private long cpuSamples;

    void add(double millis, double cpuMs) {
        if (!Double.isNaN(millis)) {
            micros.recordValue(Math.min(Math.max(Math.round(millis * 1000), 0), HIGHEST_MICROS));
        }
        if (!Double.isNaN(cpuMs)) {
            cpuMillis += cpuMs;
            cpuSamples++;
        }
    }

    /** Null when no sample carried a server time (a plan without the header, or another SCIM server). */
    ServerSummary summary() {
        if (micros.getTotalCount() == 0) {
            return null;
        }
        return new ServerSummary(micros.getTotalCount(), round(micros.getMean()), at(50), at(90), at(95), at(99),
                round(micros.getMaxValue()), cpuSamples == 0 ? null : Math.round(cpuMillis / cpuSamples * 10_000) / 10.0);
    }

    private double at(double percentile) {
        return round(micros.getValueAtPercentile(percentile));
    }

    private static double round(double micros) {
        return Math.round(micros) / 1000.0;
    }
}
