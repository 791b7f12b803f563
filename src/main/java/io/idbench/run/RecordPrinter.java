package io.idbench.run;

import io.idbench.config.ByteSize;

import io.idbench.record.Cost;
import io.idbench.record.Interval;
import io.idbench.record.JmeterEngine;
import io.idbench.record.MachineState;
import io.idbench.record.Provisioning;
import io.idbench.record.RunRecord;
import io.idbench.record.Spread;
import io.idbench.record.Telemetry;
import io.idbench.record.WallTime;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/** What the record step prints of a recorded side: the engines' shares, each label's figures with intervals, the spread, the cost. */
record RecordPrinter(PrintStream out) {

    void engines(Map<String, JmeterEngine> engines) {
        engines.forEach((engine, load) -> out.println("[idbench] JMeter engine " + engine + ": " + load.samples() + " measured samples"
                + (load.cpuMs() == null ? "" : String.format(Locale.ROOT, ", its CPU %.0f%% of one core (%d there), %.0f µs per request",
                        load.cpuPctOfOneCore(), load.cores(), load.cpuUsPerRequest()))));
    }

    /** Plan 5: a line per cycle, then whether Entra ID would quarantine it and whether the jobs kept their pace. */
    void provisioning(Provisioning p) {
        for (Provisioning.Cycle c : p.cycles()) {
            out.println("[idbench] " + Provisioning.name(c.cycle()) + ": " + String.format(Locale.ROOT, "%,d %s, %,d requests in %.1f s",
                    c.objects(), c.cycle() == 0 ? "users and groups" : c.cycle() < 0 ? "users" : "changes", c.requests(), c.seconds())
                    + (c.cycle() == 0 ? String.format(Locale.ROOT, " (%.1f s per 1,000 users)", p.secondsPer1000Users()) : "")
                    + ", " + (c.failed() == 0 ? "none failed" : c.failed() + " failed " + c.errors())
                    + (c.slowestJob() == null ? "" : String.format(Locale.ROOT, ", slowest job %.1f req/s", c.slowestJob()))
                    + (c.cycle() < 0 ? "" : c.audit() == null ? ", not audited" : c.held() ? ", audit: the target holds what it meant"
                            : ", audit: " + c.audit().size() + " mismatches"));
        }
        out.println("[idbench] " + String.format(Locale.ROOT, "%,d of %,d requests failed", p.failures(), p.requests())
                + (p.quarantined() ? ": Entra ID would quarantine this job" : ": under Entra ID's quarantine threshold")
                + (p.keptPace() ? "" : String.format(Locale.ROOT, "; a job fell below 90%% of its pace of %.0f req/s: its requests"
                        + " took longer than the pace allows (the target's answers, or JMeter's CPU: see the cost below), so the cycles'"
                        + " times are how fast this target took them, not the client's pace", p.rate())));
    }

    void wallTime(WallTime w) {
        if (w != null && w.total() != null) {
            out.println("[idbench] Wall time " + w.summary());
        }
    }

    void figures(RunRecord r, Path record) {
        wallTime(r.wallTime());
        int reps = r.repetitions().size();
        if (reps == 0) {
            return;
        }
        out.println(String.format(Locale.ROOT, "[idbench] %-28s %8s %6s %-19s %-19s %-19s %-21s %-19s", "label" + (reps > 1
                ? " (" + reps + " repetitions)" : ""), "samples", "err%", "p50 [95% CI]", "p95 [95% CI]", "p99 [95% CI]",
                "req/s [95% CI]", "server p50"));
        r.labels().forEach((label, f) -> {
            Map<String, Interval> ci = r.intervals().getOrDefault(label, Map.of());
            out.println(String.format(Locale.ROOT, "[idbench] %-28s %8.0f %6.2f %-19s %-19s %-19s %-21s %-19s", label, f.get("samples"),
                    f.get("errorRate") * 100, ci(ci.get("p50"), "%.2f"), ci(ci.get("p95"), "%.1f"), ci(ci.get("p99"), "%.1f"),
                    ci(ci.get("throughput"), "%.0f"), ci(ci.get("serverP50"), "%.3f")));
        });
        out.println("[idbench] The intervals above are within this run (its repetitions and windows drawn again).");
        if (r.betweenRuns() != null) {
            Interval p50 = r.betweenRuns().interval(RunRecord.ALL, "p50");
            Interval throughput = r.betweenRuns().interval(RunRecord.ALL, "throughput");
            if (p50 != null && throughput != null) {
                out.println("[idbench] Beside a separate run, read ALL p50 " + ci(p50, "%.2f") + " ms and throughput "
                        + ci(throughput, "%.0f")
                        + " req/s: the between-runs intervals, with the machine's run-to-run noise (" + r.betweenRuns().source() + ")");
            }
        }
        if (reps > 1) {
            Map<String, Spread> all = r.spread().get(RunRecord.ALL);
            out.println(String.format(Locale.ROOT, "[idbench] spread over %d repetitions (ALL): throughput %.1f … %.1f req/s (%.1f%%),"
                    + " p95 %.0f … %.0f ms (%.1f%%)", reps, all.get("throughput").min(), all.get("throughput").max(),
                    all.get("throughput").spreadPct(), all.get("p95").min(), all.get("p95").max(), all.get("p95").spreadPct()));
        }
        Cost cost = r.cost();
        if (cost != null) {
            StringBuilder line = new StringBuilder("[idbench] CPU µs per request:");
            cost.cpuUsPerRequest().forEach((c, i) -> line.append(' ').append(c).append(' ').append(ci(i, "%.0f")));
            out.println(line);
            if (cost.diskReadKiBPerRequest() != null) {
                StringBuilder reads = new StringBuilder("[idbench] read from the disk (not the page cache), KiB per request:");
                cost.diskReadKiBPerRequest().forEach((c, kib) -> reads.append(' ').append(c).append(' ')
                        .append(String.format(Locale.ROOT, "%.1f", kib)));
                out.println(reads);
            }
            MachineState m = cost.machine();
            out.println(String.format(Locale.ROOT,
                    "[idbench] machine during the repetitions (warm-up and measured): busy %.1f%%, others %.1f%%, iowait %.1f%%,"
                            + " steal %.1f%%, %.0f context switches/s; speed probe %.2f µs, memory probe %.1f ns per read",
                    m.busyPct(), m.othersPct(), m.iowaitPct(), m.stealPct(), m.switchesPerSecond(), m.probeUs(),
                    m.memoryNs() == null ? Double.NaN : m.memoryNs()));
        }
        if (r.telemetry() != null && r.telemetry().connectionPool() != null) {
            out.println(poolLine(r.telemetry().connectionPool()));
        }
        if (r.telemetry() != null && r.telemetry().cache() != null) {
            out.println(cacheLine(r.telemetry().cache()));
        }
        if (r.telemetry() != null && r.telemetry().searchIndex() != null && r.telemetry().searchIndex().memoryBound() != null) {
            out.println("[idbench] the search engine over the run: " + boundText(r.telemetry().searchIndex().memoryBound(),
                    "search.memory"));
        }
        r.unsteady().forEach((label, how) -> out.println("[idbench] NOT STEADY: " + label + ": " + how + " - pooled, but not one figure"));
        if (r.disturbed() != null) {
            out.println("[idbench] DISTURBED: " + r.disturbed() + " - this run is left out of verdicts");
        }
        out.println("[idbench] Recorded in " + record);
    }

    /**
     * Where the requests queued for the database: with waits, the service's pool, not PostgreSQL, holds the queue (a pool
     * smaller than the threads moves it there on purpose, docs/figures.md).
     */
    static String poolLine(Telemetry.Pool pool) {
        if (pool.acquisitions() == 0) {
            return "[idbench] the service's connection pool (" + pool.total() + " connections): no connection taken";
        }
        return String.format(Locale.ROOT, "[idbench] the service's connection pool (%d connections), over the run: %d acquisitions,"
                + " %.1f%% waited over 1 ms, wait mean %.2f ms, p99 %.2f ms, max %.1f ms", pool.total(), pool.acquisitions(),
                100.0 * pool.over1Ms() / pool.acquisitions(), pool.meanMs(), pool.p99Ms(), pool.maxMs());
    }

    /** PostgreSQL's caching over the run, and its memory bound as measured: whether it held, and whether it limited. */
    static String cacheLine(Telemetry.Cache cache) {
        String line = String.format(Locale.ROOT, "[idbench] PostgreSQL over the run: shared_buffers answered %s of block reads, %,d"
                + " blocks read from outside them",
                cache.sharedBuffersHitPct() == null ? "none"
                        : String.format(Locale.ROOT, "%.1f%%", cache.sharedBuffersHitPct()),
                cache.blocksRead());
        Telemetry.MemoryBound b = cache.memoryBound();
        if (b == null) {
            return line;
        }
        return line + "; " + boundText(b, "pg.memory");
    }

    /** A memory bound as measured: whether it held, what it held at the end, and what not fitting cost. */
    static String boundText(Telemetry.MemoryBound b, String parameter) {
        return String.format(Locale.ROOT, "memory bound %s (%s): peak %s, %s; at the end shared memory %s, page cache %s; %s read"
                + " again after eviction, reclaimed at the bound %,d times", ByteSize.format(b.bytes()), parameter,
                ByteSize.format(b.peakBytes()), b.held() ? "held" : "EXCEEDED", ByteSize.format(b.sharedMemoryBytes()),
                ByteSize.format(b.pageCacheBytes()), ByteSize.format(b.refaultedBytes()), b.limitHits());
    }

    private static String ci(Interval i, String format) {
        if (i == null) {
            return "-";
        }
        String v = String.format(Locale.ROOT, format, i.value());
        return Double.isNaN(i.low()) || i.low() == i.high() ? v
                : v + " [" + String.format(Locale.ROOT, format, i.low()) + ", " + String.format(Locale.ROOT, format, i.high()) + "]";
    }
}
