package io.idbench.results;

import io.idbench.record.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run against a baseline, label by label: a latency figure that grew, or a throughput that fell,
 * by more than the tolerance is a regression; so is an error rate above the baseline's. Both sides
 * are the {@code labels} of a record (a recorded run, or a committed baseline file of the same
 * shape), so a baseline can be any earlier run.
 *
 * @param tolerancePct how much worse a figure may be before it counts, in % of the baseline
 */
public record Comparison(double tolerancePct) {
    /** Runs of one commit spread by 10-35 % on a 2-core VM (docs/measurement.md): a smaller default would cry wolf. */
    public static final double DEFAULT_TOLERANCE = 20;
    /** Latencies: higher is worse. */
    public static final List<String> LATENCIES = List.of("p50", "p95", "p99");
    public static final String THROUGHPUT = "throughput";
    public static final String ERROR_RATE = "errorRate";

    /** One figure of one label on both sides. */
    public record Delta(String label, String figure, double baseline, double run, double changePct, boolean regression) {
        /** One line for people: label, figure, both values, the change and the verdict. */
        public String line() {
            return String.format(Locale.ROOT, "%-28s %-10s %10.2f -> %10.2f  %+7.1f%%  %s", label, figure, baseline, run, changePct,
                    regression ? "REGRESSION" : "ok");
        }
    }

    /** One line per shape parameter that differs (nothing when either side does not record its parameters). */
    public static List<String> shapeDifferences(RunRecord baseline, RunRecord run) {
        List<String> out = new ArrayList<>();
        if (baseline.parameters().isEmpty() || run.parameters().isEmpty()) {
            return out;
        }
        for (String p : RunRecord.SHAPE) {
            differs(p, baseline.parameter(p), run.parameter(p), out);
        }
        for (String p : RunRecord.LATER_SHAPE.keySet()) {
            differs(p, baseline.later(p), run.later(p), out);
        }
        return out;
    }

    private static void differs(String parameter, String baseline, String run, List<String> out) {
        if (!baseline.equals(run)) {
            out.add(parameter + " differs: baseline " + baseline + ", run " + run);
        }
    }

    /** The figures of every label the two sides share, in the run's order. */
    public List<Delta> compare(Map<String, Map<String, Double>> baselineLabels, Map<String, Map<String, Double>> runLabels) {
        List<Delta> out = new ArrayList<>();
        runLabels.forEach((label, run) -> {
            Map<String, Double> base = baselineLabels.get(label);
            if (base == null) {
                return;
            }
            for (String figure : LATENCIES) {
                out.add(delta(label, figure, value(base, figure), value(run, figure), 1));
            }
            out.add(delta(label, THROUGHPUT, value(base, THROUGHPUT), value(run, THROUGHPUT), -1));
            out.add(errorRate(label, base, run));
        });
        return out;
    }

    /** An error rate above the baseline's is a regression, whatever its size. */
    static Delta errorRate(String label, Map<String, Double> base, Map<String, Double> run) {
        double b = value(base, ERROR_RATE);
        double r = value(run, ERROR_RATE);
        return new Delta(label, ERROR_RATE, b, r, change(b, r), r > b);
    }

    /** A figure as recorded; 0 when absent, as a baseline file may leave a figure out. */
    private static double value(Map<String, Double> figures, String figure) {
        Double v = figures.get(figure);
        return v == null ? 0 : v;
    }

    /** @param worse +1 when a higher value is worse (latency), -1 when a lower one is (throughput) */
    private Delta delta(String label, String figure, double baseline, double run, int worse) {
        double change = change(baseline, run);
        return new Delta(label, figure, baseline, run, change, change * worse > tolerancePct);
    }

    private static double change(double baseline, double run) {
        if (baseline == 0) {
            return run == 0 ? 0 : 100;
        }
        return (run - baseline) / baseline * 100;
    }
}
