package io.idbench.results;

import io.idbench.record.Interval;
import io.idbench.record.LabelSummary;
import io.idbench.record.Spread;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Repetitions of one plan on one dataset: per label and figure, the median over the repetitions
 * and their spread (min, max, and (max - min) / median), so that a difference between two runs can
 * be read against the run-to-run noise of the machine.
 */
public final class Repetitions {
    /** The figures compared across repetitions. */
    static final Map<String, ToDoubleFunction<LabelSummary>> FIGURES = figures();

    private Repetitions() {
    }

    /** @return per label (present in every repetition), per figure, the spread */
    public static Map<String, Map<String, Spread>> of(List<Map<String, LabelSummary>> repetitions) {
        Map<String, Map<String, Spread>> out = new LinkedHashMap<>();
        if (repetitions.isEmpty()) {
            return out;
        }
        for (String label : repetitions.get(0).keySet()) {
            if (!repetitions.stream().allMatch(r -> r.containsKey(label))) {
                continue;
            }
            Map<String, Spread> figures = new LinkedHashMap<>();
            FIGURES.forEach((name, f) -> figures.put(name, spread(repetitions.stream().mapToDouble(r -> f.applyAsDouble(r.get(label)))
                    .sorted().toArray())));
            out.put(label, figures);
        }
        return out;
    }

    /**
     * Per label, the run's figures over all repetitions pooled: samples and errors summed, the mean
     * weighted by samples, and the percentiles, throughput and server figures of {@code intervals}
     * (computed over every measured sample of every repetition).
     */
    public static Map<String, Map<String, Double>> pooled(List<Map<String, LabelSummary>> repetitions,
            Map<String, Map<String, Interval>> intervals) {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        if (repetitions.isEmpty()) {
            return out;
        }
        for (String label : repetitions.get(0).keySet()) {
            long samples = 0;
            long errors = 0;
            double weightedMean = 0;
            for (Map<String, LabelSummary> rep : repetitions) {
                LabelSummary s = rep.get(label);
                if (s != null) {
                    samples += s.samples();
                    errors += s.errors();
                    weightedMean += s.mean() * s.samples();
                }
            }
            Map<String, Double> figures = new LinkedHashMap<>();
            figures.put("samples", (double) samples);
            figures.put("errors", (double) errors);
            figures.put("errorRate", samples == 0 ? 0 : (double) errors / samples);
            figures.put("mean", samples == 0 ? 0 : weightedMean / samples);
            intervals.getOrDefault(label, Map.of()).forEach((figure, i) -> figures.put(figure, i.value()));
            out.put(label, figures);
        }
        return out;
    }

    static Spread spread(double[] sorted) {
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        double min = sorted[0];
        double max = sorted[n - 1];
        return new Spread(median, min, max, median == 0 ? 0 : Math.round((max - min) / median * 1000) / 10.0);
    }

    private static Map<String, ToDoubleFunction<LabelSummary>> figures() {
        Map<String, ToDoubleFunction<LabelSummary>> m = new LinkedHashMap<>();
        m.put("throughput", LabelSummary::throughput);
        m.put("mean", LabelSummary::mean);
        m.put("p50", LabelSummary::p50);
        m.put("p95", LabelSummary::p95);
        m.put("p99", LabelSummary::p99);
        m.put("errorRate", LabelSummary::errorRate);
        return m;
    }
}
