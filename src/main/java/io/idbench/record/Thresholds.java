package io.idbench.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The limits a run must stay within to pass: an error rate (what jmeter-maven-plugin checks) and response-time percentiles
 * (what it does not), applied to every measured label.
 *
 * @param maxErrorPct the largest error rate in % (0: any error fails)
 * @param maxP95      the largest p95 in ms (0: no limit)
 * @param maxP99      the largest p99 in ms (0: no limit)
 */
public record Thresholds(double maxErrorPct, long maxP95, long maxP99) {

    /**
     * A label above one limit.
     *
     * @param measure what was measured ("error rate", "p95")
     * @param figure  what it came to ("1.50% (3 of 200)", "60 ms")
     * @param limit   the limit it is above ("1%", "50 ms")
     */
    public record Violation(String label, String measure, String figure, String limit) {
        public String text() {
            return label + ": " + measure + " " + figure + " is above " + limit;
        }
    }

    /** One line per label and limit exceeded, empty when the run passes. */
    public List<String> violations(Map<String, LabelSummary> labels) {
        return check(labels).stream().map(Violation::text).toList();
    }

    /** Each label's limits exceeded, empty when the run passes. */
    public List<Violation> check(Map<String, LabelSummary> labels) {
        List<Violation> out = new ArrayList<>();
        labels.forEach((label, s) -> {
            double errorPct = s.errorRate() * 100;
            if (errorPct > maxErrorPct) {
                out.add(new Violation(label, "error rate", String.format(Locale.ROOT, "%.2f%% (%d of %d)", errorPct, s.errors(),
                        s.samples()), Numbers.trim(maxErrorPct) + "%"));
            }
            if (maxP95 > 0 && s.p95() > maxP95) {
                out.add(new Violation(label, "p95", s.p95() + " ms", maxP95 + " ms"));
            }
            if (maxP99 > 0 && s.p99() > maxP99) {
                out.add(new Violation(label, "p99", s.p99() + " ms", maxP99 + " ms"));
            }
        });
        return out;
    }
}
