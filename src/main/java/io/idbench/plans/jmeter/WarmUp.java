package io.idbench.plans.jmeter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One repetition's warm-up as its detector sees it, shared by all threads: the samples counted in the current window, and per
 * window since every thread ran, the throughput, the service's CPU per request and both JVMs' JIT compile times.
 */
final class WarmUp {
    final AtomicLong samples = new AtomicLong();
    final AtomicLong cpuMicros = new AtomicLong();
    final AtomicLong cpuSamples = new AtomicLong();
    final Object lock = new Object();
    volatile long windowStart;
    volatile long steadyAt;
    long allThreadsAt;
    final List<Double> windows = new ArrayList<>();
    final List<Double> cpu = new ArrayList<>();
    final List<Long> jmeterJit = new ArrayList<>();
    final List<Long> serviceJit = new ArrayList<>();

    /** Ramp-up, or the first sample: the windows start again, with the JIT times at the first window's start. */
    void restart(long now, long jmeterJitMs, long serviceJitMs) {
        windowStart = now;
        windows.clear();
        cpu.clear();
        jmeterJit.clear();
        serviceJit.clear();
        jmeterJit.add(jmeterJitMs);
        serviceJit.add(serviceJitMs);
    }

    /** Ends the current window at {@code now}: its throughput and CPU per request, and the JIT times at its end. */
    void endWindow(long now, long jmeterJitMs, long serviceJitMs) {
        long counted = samples.getAndSet(0);
        long micros = cpuMicros.getAndSet(0);
        long withCpu = cpuSamples.getAndSet(0);
        if (allThreadsAt == 0L) {
            allThreadsAt = windowStart;
        }
        windows.add(counted * 1000.0 / (now - windowStart));
        cpu.add(withCpu == 0 ? 0.0 : micros / (double) withCpu);
        windowStart = now;
        jmeterJit.add(jmeterJitMs);
        serviceJit.add(serviceJitMs);
    }

    /** Whether the mean of a series' last three windows is within margin of the mean of the three before (no data: flat). */
    static boolean flat(List<Double> series, double margin) {
        int n = series.size();
        double level = (series.get(n - 1) + series.get(n - 2) + series.get(n - 3)) / 3;
        double before = (series.get(n - 4) + series.get(n - 5) + series.get(n - 6)) / 3;
        return level == 0 || Math.abs(level - before) <= margin * level;
    }

    /** Whether a JVM's JIT compiled for less than a tenth of the last (up to three) windows (or does not say: -1). */
    static boolean quiet(List<Long> jit, long windowMs) {
        int n = jit.size();
        int k = Math.min(3, n - 1);
        return k < 1 || jit.get(n - 1) < 0 || jit.get(n - 1 - k) < 0 || jit.get(n - 1) - jit.get(n - 1 - k) < 0.1 * k * windowMs;
    }

    /** The report the run reads (WarmUpReports): the windows, the JIT times and the decision. */
    Map<String, Object> report(double windowSeconds, double marginPct) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("steady", steadyAt != 0L);
        r.put("steadyAt", steadyAt == 0L ? null : steadyAt);
        r.put("allThreadsAt", allThreadsAt);
        r.put("windowSeconds", windowSeconds);
        r.put("marginPct", marginPct);
        r.put("windows", windows.stream().map(WarmUp::tenths).toList());
        r.put("serviceCpuUs", cpu.stream().map(WarmUp::tenths).toList());
        r.put("jmeterJitMs", List.copyOf(jmeterJit));
        r.put("serviceJitMs", List.copyOf(serviceJit));
        return r;
    }

    private static double tenths(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
