package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One repetition of a run's plan, over its measured phase: the samples left out and why (per phase, and those measured while
 * not all threads ran), its warm-up (the build's JMeter's, and each remote engine's), its length, its CPU account, its
 * statistics per label (whole ms, every sample) and its figures as the run's are taken (interpolated percentiles,
 * throughput, the service's times): what a paired comparison compares. The last repetition keeps its latencies'
 * distribution. A settling repetition has only its warm-up, length, CPU account and figures.
 *
 * <p>{@code jtl} and {@code dashboard}: records made before the run kept one JTL for all repetitions named each
 * repetition's own files.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Repetition(int repetition, Map<String, Long> excludedPhases, Long partialConcurrencySamples, WarmUp warmup,
        Map<String, WarmUp> warmupByEngine, Double measuredSeconds, RepetitionCost cost, Map<String, LabelSummary> labels,
        Map<String, Map<String, Double>> figures, Map<String, Distribution> distributions, String jtl, String dashboard) {

    public Repetition {
        excludedPhases = excludedPhases == null ? Map.of() : excludedPhases;
        warmupByEngine = warmupByEngine == null ? Map.of() : warmupByEngine;
        labels = labels == null ? Map.of() : labels;
        figures = figures == null ? Map.of() : figures;
        distributions = distributions == null ? Map.of() : distributions;
    }

    /** A figure of a label as the run's figures are taken, NaN when the repetition has none. */
    public double figure(String label, String figure) {
        Double v = figures.getOrDefault(label, Map.of()).get(figure);
        return v == null ? Double.NaN : v;
    }
}
