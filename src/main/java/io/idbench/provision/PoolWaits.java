package io.idbench.provision;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import io.idbench.record.Telemetry;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * How long the service's requests waited for a pooled connection, from HikariCP's own metrics
 * hook: a pool too small for the load shows here before it shows as latency.
 */
public final class PoolWaits implements MetricsTrackerFactory {
    private static final long HIGHEST_MICROS = 60_000_000L;
    private final Histogram micros = new ConcurrentHistogram(HIGHEST_MICROS, 3);
    private volatile PoolStats stats;

    @Override
    public IMetricsTracker create(String poolName, PoolStats poolStats) {
        this.stats = poolStats;
        return new IMetricsTracker() {
            @Override
            public void recordConnectionAcquiredNanos(long nanos) {
                micros.recordValue(Math.min(Math.max(nanos / 1000, 0), HIGHEST_MICROS));
            }
        };
    }

    /** Acquisitions, and their wait in ms: mean, p99, max; the pool's size and threads waiting now. */
    public Telemetry.Pool snapshot() {
        Histogram h = micros.copy();
        PoolStats s = stats;
        long n = h.getTotalCount();
        return new Telemetry.Pool(n, n == 0 ? 0 : h.getMean() / 1000, h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0,
                n == 0 ? 0 : n - h.getCountBetweenValues(0, 1000), s == null ? 0 : s.getTotalConnections(),
                s == null ? 0 : s.getActiveConnections(), s == null ? 0 : s.getPendingThreads());
    }

    public void reset() {
        micros.reset();
    }
}
