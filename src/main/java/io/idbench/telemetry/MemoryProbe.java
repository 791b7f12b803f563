package io.idbench.telemetry;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * How fast this machine's memory answers right now: a chain of dependent reads at random over a buffer four times the
 * size of the last-level cache, each read waiting for the one before, timed by the CPU time of the thread that does them.
 * On a virtual machine whose host shares its memory system with other tenants, every process's CPU per request rises and
 * falls with it while the register-only {@link SpeedProbe} stays still (docs/measurement.md).
 */
final class MemoryProbe {
    /** Four times the 32 MiB last-level cache of the machines measured: almost every read misses it. */
    static final int BYTES = 128 << 20;
    /** One read per 64-byte cache line. */
    static final int LINE = 64;
    /** Reads per run: about a millisecond at 200 ns each, 0.4 % of a core at four runs a second. */
    static final int READS = 5_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final ByteBuffer lines;
    private int at;
    private long reads;
    private long cpuNanos;

    MemoryProbe() {
        this(BYTES, 42);
    }

    /** A single random cycle through every line (Sattolo's shuffle): the chain never settles into a part of the buffer. */
    MemoryProbe(int bytes, long seed) {
        int n = bytes / LINE;
        lines = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
        int[] next = new int[n];
        for (int i = 0; i < n; i++) {
            next[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
        for (int i = 0; i < n; i++) {
            lines.putInt(i * LINE, next[i]);
        }
    }

    /** One timed run of the reads. */
    void run() {
        long t0 = THREADS.getCurrentThreadCpuTime();
        int p = at;
        for (int i = 0; i < READS; i++) {
            p = lines.getInt(p * LINE);
        }
        at = p;
        cpuNanos += THREADS.getCurrentThreadCpuTime() - t0;
        reads += READS;
    }

    /** How many reads it takes the chain to come back to where it started: every line's, when it is one cycle. */
    int cycleLength() {
        int p = lines.getInt(0);
        int n = 1;
        while (p != 0) {
            p = lines.getInt(p * LINE);
            n++;
        }
        return n;
    }

    long reads() {
        return reads;
    }

    long cpuNanos() {
        return cpuNanos;
    }
}
