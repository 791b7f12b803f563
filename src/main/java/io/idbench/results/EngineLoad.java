package io.idbench.results;

import io.idbench.record.JmeterEngine;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What each JMeter engine of a distributed run sent and spent in the measured repetitions of one side: its samples (the
 * run's sum over engines) and its own CPU time, read by the plan at most once a second (the {@code engineCpuMs} column),
 * so the headroom of an engine on another host shows too. An engine's window per repetition runs from its first measured
 * sample to its last; its CPU from the first reading its samples carry to the last, which lag the window by up to a second.
 */
public final class EngineLoad {

    private EngineLoad() {
    }

    /**
     * Each engine's load over the measured repetitions of one side, by engine (host:port, or {@link JtlSample#LOCAL_ENGINE}):
     * the samples its statistics counted, so the engines' samples add up to the run's.
     */
    public static Map<String, JmeterEngine> of(Collection<RunStatistics.Result> repetitions) {
        Map<String, List<Window>> windows = new TreeMap<>();
        repetitions.forEach(r -> r.engines().forEach((engine, w) -> windows.computeIfAbsent(engine, e -> new ArrayList<>()).add(w)));
        Map<String, JmeterEngine> engines = new LinkedHashMap<>();
        windows.forEach((engine, reps) -> {
            long samples = 0;
            double seconds = 0;
            double cpu = 0;
            boolean cpuRead = true;
            int cores = 0;
            for (Window w : reps) {
                samples += w.samples;
                seconds += (w.lastEnd - w.firstStart) / 1000.0;
                cpuRead &= w.maxCpu >= w.minCpu;
                cpu += w.maxCpu - w.minCpu;
                cores = Math.max(cores, w.cores);
            }
            engines.put(engine, cpuRead && seconds > 0
                    ? new JmeterEngine(samples, seconds, cpu, 100 * cpu / (seconds * 1000), 1000 * cpu / samples, cores > 0 ? cores : null)
                    : new JmeterEngine(samples, seconds, null, null, null, null));
        });
        return engines;
    }

    /** Whether a run's samples came from remote engines (not the build's own JMeter). */
    public static boolean distributed(Map<String, JmeterEngine> engines) {
        return !engines.isEmpty() && !engines.keySet().equals(Set.of(JtlSample.LOCAL_ENGINE));
    }

    /** One engine's counted samples in one repetition: how many, their span, the CPU readings they carry. */
    public static final class Window {
        long samples;
        long firstStart = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        double minCpu = Double.POSITIVE_INFINITY;
        double maxCpu = Double.NEGATIVE_INFINITY;
        int cores;

        void add(JtlSample s) {
            samples++;
            firstStart = Math.min(firstStart, s.timeStamp());
            lastEnd = Math.max(lastEnd, s.end());
            if (!Double.isNaN(s.engineCpuMillis())) {
                minCpu = Math.min(minCpu, s.engineCpuMillis());
                maxCpu = Math.max(maxCpu, s.engineCpuMillis());
            }
            cores = Math.max(cores, s.engineCores());
        }
    }
}
