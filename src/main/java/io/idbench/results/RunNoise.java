package io.idbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How much a figure moves from one run of a scenario to the next on one machine beyond what each
 * run's own interval holds: a new service JVM compiles its code its own way, the VM's host is
 * busier one hour than the next. Measured on a 2-core VM: ten runs of one commit spread their
 * throughput by about 8 % (standard deviation of the log) where each run's interval said ±3 %.
 * Two separate runs are compared with this noise added to both intervals; without it, one run in
 * three would look like a regression of the other.
 *
 * <p>Estimated per figure from the other trustworthy runs of the same scenario, shape and machine
 * (at least {@link #MIN_RUNS}): the robust spread of their logs (1.4826 x the median absolute
 * deviation), less what their own intervals explain; otherwise {@link #DEFAULT_PCT}.
 */
public final class RunNoise {
    /** The runs it takes to estimate the noise of a figure. */
    public static final int MIN_RUNS = 4;
    /** Without a history: what ten runs of one commit on a 2-core VM showed (throughput, p50, CPU per request), rounded up. */
    public static final double DEFAULT_PCT = 8;

    private final Map<String, Double> sigma;
    private final double fallback;
    private final String source;

    private RunNoise(Map<String, Double> sigma, double fallback, String source) {
        this.sigma = sigma;
        this.fallback = fallback;
        this.source = source;
    }

    /** None: each run's interval alone (two repetitions of one build, interleaved). */
    public static final RunNoise NONE = new RunNoise(Map.of(), 0, "none: both sides measured in one build");

    /** The same noise for every figure, in % (a user's choice, or the default). */
    public static RunNoise fixed(double pct, String why) {
        return new RunNoise(Map.of(), Math.log1p(pct / 100), String.format(Locale.ROOT, "%s%% (%s)", trim(pct), why));
    }

    /** Estimated from these runs' records (their {@code intervals}); the default for a figure too few of them have. */
    public static RunNoise estimate(List<JsonNode> runs, String what) {
        Map<String, List<double[]>> byFigure = new HashMap<>(); // figure -> {log value, log SE} per run
        for (JsonNode run : runs) {
            run.path("intervals").fields().forEachRemaining(label -> label.getValue().fields().forEachRemaining(f -> {
                double v = f.getValue().path("value").asDouble(Double.NaN);
                double se = f.getValue().path("logSe").asDouble(Double.NaN);
                if (v > 0 && Double.isFinite(se)) {
                    byFigure.computeIfAbsent(label.getKey() + "|" + f.getKey(), k -> new ArrayList<>()).add(new double[] {Math.log(v), se});
                }
            }));
        }
        Map<String, Double> sigma = new HashMap<>();
        byFigure.forEach((key, values) -> {
            if (values.size() >= MIN_RUNS) {
                double[] logs = values.stream().mapToDouble(x -> x[0]).toArray();
                double median = Bootstrap.median(logs);
                double mad = Bootstrap.median(Arrays.stream(logs).map(l -> Math.abs(l - median)).toArray());
                double spread = 1.4826 * mad;
                double within = values.stream().mapToDouble(x -> x[1] * x[1]).average().orElse(0);
                sigma.put(key, Math.sqrt(Math.max(0, spread * spread - within)));
            }
        });
        String source = runs.size() >= MIN_RUNS ? "estimated from " + runs.size() + " other runs of " + what
                : "the default " + trim(DEFAULT_PCT) + "% (" + runs.size() + " other runs of " + what + ", fewer than " + MIN_RUNS + ")";
        return new RunNoise(sigma, Math.log1p(DEFAULT_PCT / 100), source);
    }

    /** The run-to-run standard deviation of a figure's log. */
    public double sigma(String label, String figure) {
        return sigma.getOrDefault(label + "|" + figure, fallback);
    }

    /** Where the noise comes from, for a verdict's last line. */
    public String source() {
        return source;
    }

    /** The runs comparable with {@code run}: the same machine and shape, complete, undisturbed, no handicap; not {@code except}. */
    public static List<JsonNode> comparable(List<JsonNode> candidates, JsonNode run, List<JsonNode> except) {
        RunSummary self = RunSummary.of(run);
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode c : candidates) {
            boolean excluded = except.stream().anyMatch(e -> e.path("runId").asText().equals(c.path("runId").asText())
                    && e.path("scenario").asText().equals(c.path("scenario").asText()));
            RunSummary candidate = RunSummary.of(c);
            if (!excluded && candidate.trustworthy() && candidate.machine().equals(self.machine())
                    && candidate.shape().equals(self.shape())) {
                out.add(c);
            }
        }
        return out;
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
