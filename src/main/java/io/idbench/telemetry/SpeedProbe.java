package io.idbench.telemetry;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * How fast this machine's CPU runs right now: a fixed piece of work (integer arithmetic in
 * registers, no memory) timed by the CPU time of the thread that does it. Waiting for a core does
 * not count, so a busy machine does not slow it; a slower core does: a lower clock, or a
 * hypervisor that shares the physical core with another tenant (which the VM's own accounting
 * shows as little or no steal), which moves the CPU per request of every process together. Runs
 * on machines that ran this far apart in speed are not compared (docs/measurement.md).
 */
final class SpeedProbe {
    /** About a millisecond of work on this machine: 0.4 % of a core at four runs a second. */
    static final int ITERATIONS = 400_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private long runs;
    private long cpuNanos;
    private long sink;

    /** One timed run of the work. */
    void run() {
        long t0 = THREADS.getCurrentThreadCpuTime();
        long x = sink | 1;
        for (int i = 0; i < ITERATIONS; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        sink = x;
        cpuNanos += THREADS.getCurrentThreadCpuTime() - t0;
        runs++;
    }

    long runs() {
        return runs;
    }

    long cpuNanos() {
        return cpuNanos;
    }
}
