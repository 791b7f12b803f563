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

    /** One line per label and limit exceeded, empty when the run passes. */
    public List<String> violations(Map<String, LabelSummary> labels) {
        List<String> out = new ArrayList<>();
        labels.forEach((label, s) -> {
            double errorPct = s.errorRate() * 100;
            if (errorPct > maxErrorPct) {
                out.add(String.format(Locale.ROOT, "%s: error rate %.2f%% (%d of %d) is above %s%%", label, errorPct, s.errors(),
                        s.samples(), Numbers.trim(maxErrorPct)));
            }
            if (maxP95 > 0 && s.p95() > maxP95) {
                out.add(label + ": p95 " + s.p95() + " ms is above " + maxP95 + " ms");
            }
            if (maxP99 > 0 && s.p99() > maxP99) {
                out.add(label + ": p99 " + s.p99() + " ms is above " + maxP99 + " ms");
            }
        });
        return out;
    }
}
