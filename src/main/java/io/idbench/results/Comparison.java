package io.idbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run against a baseline, label by label: a latency figure that grew, or a throughput that fell,
 * by more than the tolerance is a regression; so is an error rate above the baseline's. Both sides
 * are the {@code labels} of a summary.json (a recorded run, or a committed baseline file of the
 * same shape), so a baseline can be any earlier run.
 *
 * @param tolerancePct how much worse a figure may be before it counts, in % of the baseline
 */
public record Comparison(double tolerancePct) {
    /** Run-to-run spread on a 2-core VM is 10-35 % (README): a smaller default would cry wolf. */
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

    /** The parameters that make two runs comparable: when they differ, the difference may be the shape, not the code. */
    public static final List<String> SHAPE = List.of("plan", "storage", "search", "dyn", "users", "threads", "loops", "duration",
            "rampup", "warmup", "rate", "hotset");

    /**
     * Shape parameters that came after the first records, each with the value every run that does not record it had:
     * the search engine's layout (one node, one shard, no replica), the service's replicas (one) and the remote JMeter
     * engines (none: the build's own JMeter). A cluster's, replicas' or distributed run is never compared with a single one.
     */
    public static final Map<String, String> LATER_SHAPE = laterShape();

    private static Map<String, String> laterShape() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("search.nodes", "1");
        m.put("search.shards", "1");
        m.put("search.replicas", "0");
        m.put("instances", "1");
        m.put("jmeter.remotes", "");
        return Collections.unmodifiableMap(m);
    }

    /** A later shape parameter as a run had it: recorded, or its default. */
    public static String later(JsonNode parameters, String key) {
        String v = parameters.path(key).asText("");
        return v.isEmpty() ? LATER_SHAPE.get(key) : v;
    }

    /** One line per shape parameter that differs (nothing when either side does not record its parameters). */
    public static List<String> shapeDifferences(JsonNode baselineParameters, JsonNode runParameters) {
        List<String> out = new ArrayList<>();
        if (baselineParameters.isMissingNode() || runParameters.isMissingNode()) {
            return out;
        }
        for (String p : SHAPE) {
            String b = baselineParameters.path(p).asText();
            String r = runParameters.path(p).asText();
            if (!b.equals(r)) {
                out.add(p + " differs: baseline " + b + ", run " + r);
            }
        }
        for (String p : LATER_SHAPE.keySet()) {
            String b = later(baselineParameters, p);
            String r = later(runParameters, p);
            if (!b.equals(r)) {
                out.add(p + " differs: baseline " + b + ", run " + r);
            }
        }
        return out;
    }

    /** The figures of every label the two sides share, in the run's order. */
    public List<Delta> compare(JsonNode baselineLabels, JsonNode runLabels) {
        List<Delta> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> label : (Iterable<Map.Entry<String, JsonNode>>) runLabels::fields) {
            JsonNode base = baselineLabels.get(label.getKey());
            if (base == null) {
                continue;
            }
            for (String figure : LATENCIES) {
                out.add(delta(label.getKey(), figure, base.path(figure).asDouble(), label.getValue().path(figure).asDouble(), 1));
            }
            out.add(delta(label.getKey(), THROUGHPUT, base.path(THROUGHPUT).asDouble(), label.getValue().path(THROUGHPUT).asDouble(),
                    -1));
            double baseErrors = base.path(ERROR_RATE).asDouble();
            double runErrors = label.getValue().path(ERROR_RATE).asDouble();
            out.add(new Delta(label.getKey(), ERROR_RATE, baseErrors, runErrors, change(baseErrors, runErrors), runErrors > baseErrors));
        }
        return out;
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
