package io.idbench.results;

import io.idbench.record.ComponentCost;
import io.idbench.record.RepetitionCost;
import io.idbench.record.Side;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CPU each operation of a plan that measures them one at a time (plan 6) cost per request: for each label, the CPU each
 * component of the system under test used within the label's span in every measured repetition, over the label's samples
 * there. Only such a plan's labels own their spans: where operations run together, a span holds all of them.
 */
public final class OperationCpu {
    private OperationCpu() {
    }

    /** Per label (not ALL), per component of the system under test, µs of CPU per request; empty without a CPU account. */
    public static Map<String, Map<String, Double>> of(Map<RunStatistics.Part, RunStatistics.Result> parts, CpuAccount cpu) {
        Map<String, Map<String, double[]>> sums = new TreeMap<>();
        if (cpu == null) {
            return Map.of();
        }
        parts.forEach((part, stats) -> {
            if (part.side() != Side.A || part.rep() < 1) {
                return;
            }
            stats.spans().forEach((label, span) -> {
                long samples = stats.labels().get(label).samples();
                if (label.equals(RunStatistics.ALL) || samples == 0 || !cpu.covers(span.from(), span.to())) {
                    return;
                }
                RepetitionCost c = cpu.over(span.from(), span.to(), samples, span.from());
                Map<String, double[]> byComponent = sums.computeIfAbsent(label, l -> new LinkedHashMap<>());
                for (Map.Entry<String, ComponentCost> e : c.components().entrySet()) {
                    if (CpuAccount.SIDE.contains(e.getKey())) {
                        double[] sum = byComponent.computeIfAbsent(e.getKey(), k -> new double[2]);
                        sum[0] += e.getValue().cpuMs();
                        sum[1] += samples;
                    }
                }
            });
        });
        Map<String, Map<String, Double>> out = new TreeMap<>();
        sums.forEach((label, byComponent) -> {
            Map<String, Double> us = new LinkedHashMap<>();
            byComponent.forEach((component, sum) -> us.put(component, sum[1] == 0 ? 0 : Math.round(sum[0] * 1000 / sum[1] * 10) / 10.0));
            out.put(label, us);
        });
        return out;
    }
}
