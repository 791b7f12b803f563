package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Numbers;
import io.idbench.record.RunRecord;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How much a figure moves from one run of a scenario to the next on one machine beyond what each
 * run's own interval holds: a new service JVM compiles its code its own way, the VM's host is
 * busier one hour than the next: on a shared VM more than each run's interval says
 * (docs/measurement.md). Two separate runs are compared with this noise added to both intervals,
 * or runs of one commit would look like regressions of each other.
 *
 * <p>Estimated per figure from the other trustworthy runs of the same scenario, shape and machine
 * (at least {@link #MIN_RUNS}): the robust spread of their logs (1.4826 x the median absolute
 * deviation), less what their own intervals explain; otherwise {@link #DEFAULT_PCT}. No figure's
 * noise is taken below the median of all figures': the host's speed moves every figure of a run
 * together, and a tail percentile, whose own interval is wide, would otherwise come out with almost
 * none. An estimate from n runs is uncertain itself: {@link #degreesOfFreedom}
 * says how much, for the verdict's t test.
 */
public final class RunNoise {
    /** The runs it takes to estimate the noise of a figure. */
    public static final int MIN_RUNS = 4;
    /** Without a history: what ten runs of one commit on a 2-core VM showed (throughput, p50, CPU per request), rounded up. */
    public static final double DEFAULT_PCT = 8;

    private final Map<String, Double> sigma;
    private final Map<String, Integer> runs;
    private final double fallback;
    private final String source;
    private final Basis basis;
    private final Integer fallbackRuns;

    private RunNoise(Map<String, Double> sigma, Map<String, Integer> runs, double fallback, String source) {
        this(sigma, runs, fallback, source, new Basis(Kind.GIVEN, 0, 0, ""));
    }

    private RunNoise(Map<String, Double> sigma, Map<String, Integer> runs, double fallback, String source, Basis basis) {
        this(sigma, runs, fallback, source, basis, null);
    }

    /** @param fallbackRuns the runs behind {@code fallback} (its degrees of freedom + 1), null when it is known or the default */
    private RunNoise(Map<String, Double> sigma, Map<String, Integer> runs, double fallback, String source, Basis basis,
            Integer fallbackRuns) {
        this.sigma = sigma;
        this.runs = runs;
        this.fallback = fallback;
        this.source = source;
        this.basis = basis;
        this.fallbackRuns = fallbackRuns;
    }

    /** Where a measured noise came from. */
    public enum Kind {
        /** The same-code runs of one of the two scenarios compared. */
        SCENARIO,
        /** Pooled over the groups of same-code runs of every scenario on the machine. */
        POOLED,
        /** No runs to measure it: {@link #DEFAULT_PCT}. */
        DEFAULT,
        /** Given (a parameter), or none. */
        GIVEN
    }

    /**
     * What a noise stands on, for the words that name it: its kind, the runs and the groups of same-code runs it was measured
     * from, and the scenario whose runs they were ({@link Kind#SCENARIO}).
     */
    public record Basis(Kind kind, int runs, int groups, String scenario) {
    }

    /** The figures whose noise a pooled estimate measures: every figure a finding or a verdict reads. */
    static final List<String> FIGURES = List.of("throughput", "p50", "p95", "p99", "mean", "serverP50", "serverP95", "serverCpuUs",
            "systemCpuUs");

    /**
     * The run-to-run noise for setting two separate runs of one code side by side, measured on their machine among runs of
     * one code (runs of different code differ by the code too): the same-code runs of {@code a}'s or {@code b}'s scenario and
     * shape when one of them has at least {@link #MIN_RUNS} ({@link #estimate}); else the within-group variance pooled over
     * every group of two or more same-code runs of one scenario and shape on the machine, with the degrees of freedom of
     * all groups together (at least {@code MIN_RUNS - 1}); else the default. The two runs themselves count: a group's
     * spread about its mean tells nothing of the difference between two groups' means.
     */
    public static RunNoise sameCode(List<RunRecord> candidates, RunRecord a, RunRecord b) {
        Map<String, List<RunRecord>> groups = new LinkedHashMap<>();
        for (RunRecord r : candidates) {
            if (r.trustworthy() && r.machine().equals(a.machine()) && r.environment() != null && !r.environment().code().isEmpty()) {
                groups.computeIfAbsent(r.scenario() + "\u0000" + r.shape() + "\u0000" + r.environment().code(), k -> new ArrayList<>())
                        .add(r);
            }
        }
        List<RunRecord> own = List.of();
        for (RunRecord side : List.of(a, b)) {
            if (side.environment() == null) {
                continue;
            }
            List<RunRecord> g = groups.getOrDefault(side.scenario() + "\u0000" + side.shape() + "\u0000" + side.environment().code(),
                    List.of());
            if (g.size() > own.size()) {
                own = g;
            }
        }
        if (own.stream().filter(r -> !r.intervals().isEmpty()).count() >= MIN_RUNS) {
            RunNoise robust = estimate(own.stream().filter(r -> !r.intervals().isEmpty()).toList(), "");
            String scenario = own.get(0).scenario();
            return new RunNoise(robust.sigma, robust.runs, robust.fallback, String.format(Locale.ROOT,
                    "measured on this machine from %d runs of %s of one code", own.size(), scenario),
                    new Basis(Kind.SCENARIO, own.size(), 1, scenario));
        }
        List<List<RunRecord>> repeated = groups.values().stream().filter(g -> g.size() > 1).toList();
        int runCount = repeated.stream().mapToInt(List::size).sum();
        int df = runCount - repeated.size();
        if (df < MIN_RUNS - 1) {
            return new RunNoise(Map.of(), Map.of(), Math.log1p(DEFAULT_PCT / 100), String.format(Locale.ROOT,
                    "the default %s%%: this machine has no %d runs of one code and scenario to measure it from yet",
                    Numbers.trim(DEFAULT_PCT), MIN_RUNS), new Basis(Kind.DEFAULT, runCount, repeated.size(), ""));
        }
        return pooled(repeated, runCount);
    }

    /** The within-group variance of each figure's log over the groups, less what the runs' own intervals explain. */
    private static RunNoise pooled(List<List<RunRecord>> groups, int runCount) {
        Map<String, double[]> sums = new HashMap<>(); // figure -> {sum of squares about the group means, df, sum of SE², SEs}
        for (List<RunRecord> group : groups) {
            Map<String, List<double[]>> byFigure = new HashMap<>(); // figure -> {log value, log SE or NaN} per run
            for (RunRecord r : group) {
                for (String label : r.labels().isEmpty() ? r.intervals().keySet() : r.labels().keySet()) {
                    for (String figure : FIGURES) {
                        double v = r.figure(label, figure);
                        if (v > 0 && Double.isFinite(v)) {
                            var i = r.interval(label, figure);
                            byFigure.computeIfAbsent(label + "|" + figure, k -> new ArrayList<>())
                                    .add(new double[] {Math.log(v), i == null ? Double.NaN : i.logSe()});
                        }
                    }
                }
            }
            byFigure.forEach((key, values) -> {
                if (values.size() < 2) {
                    return;
                }
                double mean = values.stream().mapToDouble(x -> x[0]).average().orElse(0);
                double[] sum = sums.computeIfAbsent(key, k -> new double[4]);
                values.forEach(x -> {
                    sum[0] += (x[0] - mean) * (x[0] - mean);
                    if (Double.isFinite(x[1])) {
                        sum[2] += x[1] * x[1];
                        sum[3]++;
                    }
                });
                sum[1] += values.size() - 1;
            });
        }
        Map<String, Double> sigma = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        sums.forEach((key, sum) -> {
            if (sum[1] >= MIN_RUNS - 1) {
                double within = sum[3] == 0 ? 0 : sum[2] / sum[3];
                sigma.put(key, Math.sqrt(Math.max(0, sum[0] / sum[1] - within)));
                counts.put(key, (int) sum[1] + 1);
            }
        });
        double floor = sigma.isEmpty() ? Math.log1p(DEFAULT_PCT / 100)
                : Bootstrap.median(sigma.values().stream().mapToDouble(Double::doubleValue).toArray());
        sigma.replaceAll((key, own) -> Math.max(own, floor));
        int df = runCount - groups.size();
        String source = String.format(Locale.ROOT, "measured on this machine, pooled over %d runs in %d groups of one scenario and"
                + " code (%d degrees of freedom), at least the median figure's %.1f%%", runCount, groups.size(), df,
                Math.expm1(floor) * 100);
        return new RunNoise(sigma, counts, floor, source, new Basis(Kind.POOLED, runCount, groups.size(), ""), df + 1);
    }

    /** Two service processes of one build without A/A checks to tell: what ten such checks showed on a 2-core VM, rounded. */
    public static final double DEFAULT_INSTANCE_PCT = 5;
    /** The A/A checks it takes to estimate how much two service processes differ for a figure. */
    public static final int MIN_AA_CHECKS = 3;

    /** None: each run's interval alone (two repetitions of one build, interleaved). */
    public static final RunNoise NONE = new RunNoise(Map.of(), Map.of(), 0, "none: both sides measured in one build");

    /** The same noise for every figure, in % (a user's choice, or the default), taken as known. */
    public static RunNoise fixed(double pct, String why) {
        return new RunNoise(Map.of(), Map.of(), Math.log1p(pct / 100), String.format(Locale.ROOT, "%s%% (%s)", Numbers.trim(pct), why));
    }

    /** Estimated from these runs' records (their {@code intervals}); the default for a figure too few of them have. */
    public static RunNoise estimate(List<RunRecord> runs, String what) {
        Map<String, List<double[]>> byFigure = new HashMap<>(); // figure -> {log value, log SE} per run
        for (RunRecord run : runs) {
            run.intervals().forEach((label, figures) -> figures.forEach((figure, i) -> {
                if (i.value() > 0 && Double.isFinite(i.logSe())) {
                    byFigure.computeIfAbsent(label + "|" + figure, k -> new ArrayList<>())
                            .add(new double[] {Math.log(i.value()), i.logSe()});
                }
            }));
        }
        Map<String, Double> sigma = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        byFigure.forEach((key, values) -> {
            if (values.size() >= MIN_RUNS) {
                double[] logs = values.stream().mapToDouble(x -> x[0]).toArray();
                double median = Bootstrap.median(logs);
                double mad = Bootstrap.median(Arrays.stream(logs).map(l -> Math.abs(l - median)).toArray());
                double spread = 1.4826 * mad;
                double within = values.stream().mapToDouble(x -> x[1] * x[1]).average().orElse(0);
                sigma.put(key, Math.sqrt(Math.max(0, spread * spread - within)));
                counts.put(key, values.size());
            }
        });
        double floor = sigma.isEmpty() ? 0 : Bootstrap.median(sigma.values().stream().mapToDouble(Double::doubleValue).toArray());
        sigma.replaceAll((key, own) -> Math.max(own, floor));
        String source = runs.size() >= MIN_RUNS
                ? String.format(Locale.ROOT, "estimated from %d other runs of %s, per figure, at least the median figure's %.1f%%",
                        runs.size(),
                        what, Math.expm1(floor) * 100)
                : "the default " + Numbers.trim(DEFAULT_PCT) + "% (" + runs.size() + " other runs of " + what + ", fewer than " + MIN_RUNS
                        + ")";
        return new RunNoise(sigma, counts, Math.log1p(DEFAULT_PCT / 100), source,
                new Basis(runs.size() >= MIN_RUNS ? Kind.SCENARIO : Kind.DEFAULT, runs.size(), 1, what));
    }

    /**
     * How much two service processes of one build, measured interleaved, differ for good, per figure: from the A/A checks
     * among {@code records} (side A of a comparison of this build with itself, {@code versus.sameBuild}), where B/A should be
     * 1: the mean square of each check's log change less what its rounds explain ({@code roundsSe}). With fewer than
     * {@link #MIN_AA_CHECKS} checks of a figure, {@link #DEFAULT_INSTANCE_PCT}.
     */
    public static RunNoise ofInstances(List<RunRecord> records, String what) {
        Map<String, List<double[]>> byFigure = new HashMap<>(); // figure -> {log change, rounds' SE} per check
        int checks = 0;
        for (RunRecord r : records) {
            Versus v = r.versus();
            // A check with forks states the mean over its processes, not one pair's difference: it does not count here.
            if (v == null || v.side() != Side.A || !Boolean.TRUE.equals(v.sameBuild()) || v.changes() == null || v.forkCount() > 1
                    || Boolean.TRUE.equals(v.duet())) {
                continue;
            }
            checks++;
            for (Change c : v.changes()) {
                if (c.roundsSe() != null && Double.isFinite(c.roundsSe()) && Double.isFinite(c.changePct())) {
                    byFigure.computeIfAbsent(c.label() + "|" + c.figure(), k -> new ArrayList<>())
                            .add(new double[] {Math.log1p(c.changePct() / 100), c.roundsSe()});
                }
            }
        }
        Map<String, Double> sigma = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        byFigure.forEach((key, values) -> {
            if (values.size() >= MIN_AA_CHECKS) {
                double square = values.stream().mapToDouble(x -> x[0] * x[0]).average().orElse(0);
                double rounds = values.stream().mapToDouble(x -> x[1] * x[1]).average().orElse(0);
                sigma.put(key, Math.sqrt(Math.max(0, square - rounds)));
                counts.put(key, values.size() + 1); // the mean is known (none): n degrees of freedom
            }
        });
        String source = checks >= MIN_AA_CHECKS
                ? String.format(Locale.ROOT, "estimated from %d A/A checks of %s, per figure", checks, what)
                : "the default " + Numbers.trim(DEFAULT_INSTANCE_PCT) + "% (" + checks + " A/A checks of " + what + ", fewer than "
                        + MIN_AA_CHECKS + ")";
        return new RunNoise(sigma, counts, Math.log1p(DEFAULT_INSTANCE_PCT / 100), source);
    }

    /** The run-to-run standard deviation of a figure's log. */
    public double sigma(String label, String figure) {
        return sigma.getOrDefault(label + "|" + figure, fallback);
    }

    /**
     * How well {@link #sigma} is known, as the degrees of freedom of a variance estimated from the
     * runs behind it (n - 1); infinite for noise given, the default, or none.
     */
    public double degreesOfFreedom(String label, String figure) {
        Integer n = runs.getOrDefault(label + "|" + figure, sigma.containsKey(label + "|" + figure) ? null : fallbackRuns);
        return n == null ? Double.POSITIVE_INFINITY : n - 1;
    }

    /** What the noise stands on. */
    public Basis basis() {
        return basis;
    }

    /** Where the noise comes from, for a verdict's last line. */
    public String source() {
        return source;
    }

    /** The runs comparable with {@code run}: the same machine and shape, complete, undisturbed, no handicap; not {@code except}. */
    public static List<RunRecord> comparable(List<RunRecord> candidates, RunRecord run, List<RunRecord> except) {
        List<RunRecord> out = new ArrayList<>();
        for (RunRecord c : candidates) {
            boolean excluded = except.stream().anyMatch(e -> Objects.equals(e.runId(), c.runId())
                    && Objects.equals(e.scenario(), c.scenario()));
            if (!excluded && c.trustworthy() && c.machine().equals(run.machine()) && c.shape().equals(run.shape())) {
                out.add(c);
            }
        }
        return out;
    }
}
