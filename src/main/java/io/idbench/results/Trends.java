package io.idbench.results;

import io.idbench.config.ConfigException;
import io.idbench.record.Change;
import io.idbench.record.Environment;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Per scenario (on one machine, in one shape), the history of its runs judged: every trustworthy run (complete, not
 * disturbed, no handicap) against its baseline (the committed file {@code <baselines>/<scenario>.json} when there is one,
 * otherwise the previous trustworthy run of other code on a machine as fast) by the rules of {@code idbench compare}; over
 * the whole series, E-divisive change points find steps that one pair of runs would not show, and ignore a single odd
 * night; a step among runs of one code is the machine's. What the trends page draws and the nightly verdict reports.
 */
public final class Trends {
    /** The figures whose history is searched for steps. */
    public static final List<String> STEP_FIGURES = List.of("p50", "p95", "throughput", "serverP50");
    private static final double ALPHA = Verdict.DEFAULT_ALPHA;

    private final List<Series> series;
    private final NightlyVerdict verdict;

    private Trends(List<Series> series, NightlyVerdict verdict) {
        this.series = series;
        this.verdict = verdict;
    }

    public List<Series> series() {
        return series;
    }

    public NightlyVerdict verdict() {
        return verdict;
    }

    /**
     * One run of a series: what it was compared with ({@code baseline} in words, {@code baselineRun} when it was a run), the
     * regressions found, the figures to flag (label|figure), every figure judged, and why it was not judged (disturbed,
     * handicapped, the same code as every earlier run), or null. A figure without a recorded interval on either side is never
     * a regression or an improvement ({@code noInterval} says which side lacked them); the changes between the two codes
     * that stand out of the machine's run-to-run noise even so are {@code betweenCommits}: steps to show, not verdicts.
     */
    public record Step(RecordedRun run, String baseline, RecordedRun baselineRun, List<String> regressions, Set<String> flagged,
            String note, List<NightlyVerdict.Judged> judged, String noInterval, List<Change> betweenCommits) {
        Step(RecordedRun run, String note) {
            this(run, null, null, List.of(), Set.of(), note, List.of(), null, List.of());
        }

        /** Judged against a baseline: neither untrusted, nor without one, nor without intervals to judge by. */
        public boolean judgedAgainstBaseline() {
            return baseline != null && note == null && noInterval == null;
        }

        /** Why the run's figures were not judged though it has a baseline (a side recorded no interval), or null. */
        public String noVerdict() {
            return note != null ? note : noInterval;
        }

        public boolean regressed() {
            return !regressions.isEmpty();
        }

        /** The regressions by operation, in the order found: "Create new user" -> ["p95 +12.0% [+5.1%, +19.3%]", …]. */
        public Map<String, List<String>> byOperation() {
            List<String> labels = flagged.stream().map(f -> f.substring(0, f.lastIndexOf('|'))).distinct()
                    .sorted(Comparator.comparingInt(String::length).reversed()).toList();
            Map<String, List<String>> out = new LinkedHashMap<>();
            for (String line : regressions) {
                String label = labels.stream().filter(l -> line.startsWith(l + " ")).findFirst().orElse("");
                out.computeIfAbsent(label, k -> new ArrayList<>()).add(label.isEmpty() ? line : line.substring(label.length() + 1));
            }
            return out;
        }
    }

    /**
     * A step in a series' history: a figure of a label changed at a run, by so much, with the test's p-value. {@code commits}:
     * where the code changed between the runs either side of the step ({@code a1b2c3d..e4f5a6b}); null when both ran the same
     * code, so that the step is the machine's (as is every step of its speed probe), neither worse nor better.
     */
    public record Shift(String label, String figure, RecordedRun at, double before, double after, double changePct, double p, boolean worse,
            boolean holds, String commits) {
        public boolean machine() {
            return commits == null;
        }

        public String brief() {
            if (machine()) {
                return String.format(Locale.ROOT, "%s %s moved %+.1f%% at %s, among runs of the same code: the machine's (p=%.3f)",
                        label, figure, changePct, at.runId(), p);
            }
            return String.format(Locale.ROOT, "%s %s %s %+.1f%% since %s, code changed in %s (p=%.3f)", label, figure,
                    worse ? "worse" : "better", changePct, at.runId(), commits, p);
        }
    }

    public record Series(int number, String machine, String scenario, String shape, List<Step> steps, List<Shift> changes) {
        public Step latest() {
            return steps.get(steps.size() - 1);
        }

        /** The steps where the code changed: the findings of the history. */
        public List<Shift> codeChanges() {
            return changes.stream().filter(c -> !c.machine()).toList();
        }

        /** The steps among runs of one code, and of the speed probe: how the machine moved. */
        public List<Shift> machineChanges() {
            return changes.stream().filter(Shift::machine).toList();
        }
    }

    public static Trends compute(RunHistory history, double minEffectPct, Path baselines) {
        List<Series> all = new ArrayList<>();
        List<NightlyVerdict.Entry> latest = new ArrayList<>();
        for (List<RecordedRun> runs : history.series().values()) {
            RecordedRun first = runs.get(0);
            RunRecord committed = committedBaseline(baselines, first.scenario());
            List<Step> steps = new ArrayList<>();
            List<RecordedRun> trusted = new ArrayList<>();
            for (RecordedRun r : runs) {
                RecordedRun previous = comparable(trusted, r, minEffectPct);
                Step step = step(r, committed, committed != null ? baselines.resolve(first.scenario() + ".json").toString() : null,
                        previous, minEffectPct, runs, history.all());
                if (committed == null && previous == null && step.note() == null) {
                    List<RecordedRun> otherCode = trusted.stream().filter(t -> changeBetween(t, r) != null).toList();
                    if (!otherCode.isEmpty()) {
                        step = new Step(r, "no earlier run of other code on a machine this fast (the speed"
                                + " probe): " + RunVerdict.speedMismatch(otherCode.get(otherCode.size() - 1).record(), r.record(),
                                        minEffectPct));
                    } else if (!trusted.isEmpty()) {
                        step = new Step(r, "the same code as every earlier run (" + r.commit()
                                + "): what differs between them is the machine's");
                    }
                }
                steps.add(step);
                if (r.trustworthy()) {
                    trusted.add(r);
                }
            }
            List<Shift> changes = new ArrayList<>(changes(atTypicalSpeed(runs, minEffectPct), minEffectPct));
            changes.addAll(probeSteps(runs, minEffectPct));
            Series s = new Series(all.size() + 1, first.machine(), first.scenario(), first.shape(), steps, changes);
            all.add(s);
            Step last = s.latest();
            List<String> holding = last.note() != null ? List.of()
                    : changes.stream().filter(c -> c.worse() && c.holds() && !c.machine()).map(Shift::brief).toList();
            latest.add(new NightlyVerdict.Entry(last.run(), last.baseline(), last.baselineRun(), last.regressions(), holding,
                    last.noVerdict(), last.judged()));
        }
        return new Trends(all, new NightlyVerdict(minEffectPct, latest));
    }

    /**
     * The newest earlier trustworthy run of other code on a machine as fast as this run's (the speed probe), or null: a run
     * of the same code can differ only by the machine.
     */
    private static RecordedRun comparable(List<RecordedRun> trusted, RecordedRun r, double minEffectPct) {
        for (int i = trusted.size() - 1; i >= 0; i--) {
            boolean sameCode = changeBetween(trusted.get(i), r) == null;
            if (!sameCode && RunVerdict.speedMismatch(trusted.get(i).record(), r.record(), minEffectPct) == null) {
                return trusted.get(i);
            }
        }
        return null;
    }

    /** The trustworthy runs whose machine ran within the minimum effect of the series' median speed: a history to search. */
    private static List<RecordedRun> atTypicalSpeed(List<RecordedRun> runs, double minEffectPct) {
        double[] probes = runs.stream().filter(RecordedRun::trustworthy).mapToDouble(r -> r.record().probeUs())
                .filter(Double::isFinite).toArray();
        if (probes.length == 0) {
            return runs;
        }
        double median = Bootstrap.median(probes);
        return runs.stream().filter(r -> !Double.isFinite(r.record().probeUs())
                || Math.abs(r.record().probeUs() / median - 1) * 100 < minEffectPct).toList();
    }

    private static Step step(RecordedRun r, RunRecord committed, String committedName, RecordedRun previous, double minEffectPct,
            List<RecordedRun> series, List<RecordedRun> history) {
        if (!r.trustworthy()) {
            String why = r.disturbed() != null ? "disturbed: " + r.disturbed() : "handicapped (calibration): " + r.handicap();
            return new Step(r, why);
        }

        RunRecord base = committed != null ? committed : previous == null ? null : previous.record();
        if (base == null) {
            return new Step(r, null);
        }
        // The series' other trustworthy runs tell how much a figure moves from night to night.
        RunNoise noise = RunNoise.estimate(RunNoise.comparable(series.stream().map(RecordedRun::record).toList(), r.record(),
                List.of(r.record(), base)), "this series");
        RunVerdict.Outcome outcome = RunVerdict.judge(base, r.record(), minEffectPct, ALPHA, false, noise);
        String noInterval = outcome.kind() == RunVerdict.Kind.NO_VERDICT ? null
                : noInterval(base, r.record(), committed != null ? null : previous);
        Set<String> flagged = new HashSet<>();
        List<String> regressions = new ArrayList<>();
        List<NightlyVerdict.Judged> judged = new ArrayList<>();
        for (Change c : outcome.changes()) {
            judged.add(new NightlyVerdict.Judged(c.label(), c.figure(), c.regression(), c.brief(), c.line(), c, null));
            if (c.regression()) {
                flagged.add(c.label() + "|" + c.figure());
                regressions.add(c.brief());
            }
        }
        for (Comparison.Delta d : outcome.deltas()) {
            // A bare percentage of a timing is no verdict; an error rate above the baseline's is one, whatever its size.
            boolean counts = d.regression() && (noInterval == null || d.figure().equals(Comparison.ERROR_RATE));
            String brief = String.format(Locale.ROOT, "%s %s %+.1f%%", d.label(), d.figure(), d.changePct());
            judged.add(new NightlyVerdict.Judged(d.label(), d.figure(), counts, counts || noInterval == null ? brief
                    : brief + " (not judged: no interval)", d.line(), null, d));
            if (counts) {
                flagged.add(d.label() + "|" + d.figure());
                regressions.add(brief);
            }
        }
        List<Change> betweenCommits = noInterval == null ? List.of() : betweenCommits(base, r, committedName, history, minEffectPct);
        return new Step(r, committed != null ? committedName : previous.scenario() + " " + previous.runId(),
                committed != null ? null : previous, regressions, flagged,
                outcome.kind() == RunVerdict.Kind.NO_VERDICT ? outcome.summary() : null, judged,
                regressions.isEmpty() ? noInterval : null, betweenCommits);
    }

    /** Why two records' figures cannot be judged: one of them recorded no intervals (a run from before they were); or null. */
    private static String noInterval(RunRecord base, RunRecord run, RecordedRun previous) {
        if (!base.intervals().isEmpty() && !run.intervals().isEmpty()) {
            return null;
        }
        String which = run.intervals().isEmpty() && base.intervals().isEmpty() ? "either run"
                : run.intervals().isEmpty() ? "this run"
                        : previous == null ? "the baseline" : "the baseline (" + previous.codeLabel() + ")";
        return "not judged: no interval recorded on " + which + ", and a bare percentage of whole milliseconds is no verdict";
    }

    /**
     * The figures of two runs of different code (each operation's throughput, p50 and p95: a whole workload's answer's) that
     * moved beyond the run-to-run noise measured on the machine among runs of one code, each side at its point value
     * ({@link Contrast#of}): what a reader should see as a step between the two commits, though neither is a regression nor
     * an improvement without intervals of the runs' own.
     */
    private static List<Change> betweenCommits(RunRecord base, RecordedRun run, String committedName, List<RecordedRun> history,
            double minEffectPct) {
        RecordedRun baseline = new RecordedRun(committedName != null ? Path.of(committedName) : run.dir(), base);
        List<Contrast.Figure> figures = new ArrayList<>();
        for (String label : RecordedRun.operations(List.of(baseline, run))) {
            Findings.HEADLINE.forEach(f -> figures.add(new Contrast.Figure(label, f.figure())));
        }
        return Contrast.of(baseline, run, figures, history, new Verdict(minEffectPct, ALPHA)).measured();
    }

    /** E-divisive over the trustworthy runs of the series, per operation and figure (and the system's CPU per request). */
    private static List<Shift> changes(List<RecordedRun> runs, double minEffectPct) {
        List<RecordedRun> trusted = runs.stream().filter(RecordedRun::trustworthy).toList();
        List<Shift> out = new ArrayList<>();
        if (trusted.size() < 2 * ChangePoints.MIN_SEGMENT) {
            return out;
        }
        Map<String, List<String>> figures = new LinkedHashMap<>();
        for (String label : RecordedRun.operations(trusted)) {
            figures.put(label, new ArrayList<>(STEP_FIGURES));
        }
        figures.computeIfAbsent(RunStatistics.ALL, l -> new ArrayList<>()).add("systemCpuUs");
        figures.forEach((label, list) -> {
            for (String figure : list) {
                double[] values = trusted.stream().mapToDouble(r -> r.figure(label, figure)).toArray();
                if (Arrays.stream(values).anyMatch(v -> !Double.isFinite(v))) {
                    continue;
                }
                List<ChangePoints.ChangePoint> found = ChangePoints.find(values, ALPHA, minEffectPct, (label + figure).hashCode());
                for (int i = 0; i < found.size(); i++) {
                    ChangePoints.ChangePoint cp = found.get(i);
                    boolean higherBetter = Verdict.HIGHER_IS_BETTER.contains(figure);
                    boolean worse = higherBetter ? cp.changePct() < 0 : cp.changePct() > 0;
                    out.add(new Shift(label, figure, trusted.get(cp.index()), cp.before(), cp.after(), cp.changePct(), cp.p(), worse,
                            i == found.size() - 1, codeChangeNear(trusted, cp.index())));
                }
            }
        });
        return out;
    }

    /**
     * What changed in the software measured between two runs: the commits ({@code a1b2c3d..e4f5a6b}, or the commit with
     * other uncommitted changes), and the JDK, PostgreSQL or engine version; null when nothing did. A run that does not say
     * which commit it built may have changed anything.
     */
    public static String changeBetween(RecordedRun before, RecordedRun at) {
        if (before.code().isEmpty() || at.code().isEmpty()) {
            return "an unknown commit";
        }
        List<String> what = new ArrayList<>();
        if (!before.code().equals(at.code())) {
            what.add(before.commit() + ".." + at.commit() + (before.commit().equals(at.commit()) ? " (other uncommitted changes)" : ""));
        }
        Environment b = before.record().environment();
        Environment a = at.record().environment();
        version("JDK", b.jdk(), a.jdk(), what);
        version("PostgreSQL", b.postgresql(), a.postgresql(), what);
        version("the search engine", b.searchEngine(), a.searchEngine(), what);
        return what.isEmpty() ? null : String.join(", ", what);
    }

    private static void version(String what, String before, String after, List<String> out) {
        if (before != null && after != null && !before.equals(after)) {
            out.add(what + " " + before + " → " + after);
        }
    }

    /**
     * What changed in the code at the step between runs {@code index - 1} and {@code index}, or at the boundary next to it
     * (a step found among noisy runs may be placed one run off); null when the code is the same across all three.
     */
    public static String codeChangeNear(List<RecordedRun> runs, int index) {
        for (int at : new int[] {index, index - 1, index + 1}) {
            if (at >= 1 && at < runs.size()) {
                String change = changeBetween(runs.get(at - 1), runs.get(at));
                if (change != null) {
                    return change;
                }
            }
        }
        return null;
    }

    /** Steps of the machine's speed probe over the series' trustworthy runs: the machine's, whatever the code did. */
    private static List<Shift> probeSteps(List<RecordedRun> runs, double minEffectPct) {
        List<RecordedRun> trusted = runs.stream().filter(r -> r.trustworthy() && Double.isFinite(r.record().probeUs())).toList();
        if (trusted.size() < 2 * ChangePoints.MIN_SEGMENT) {
            return List.of();
        }
        double[] probes = trusted.stream().mapToDouble(r -> r.record().probeUs()).toArray();
        List<ChangePoints.ChangePoint> found = ChangePoints.find(probes, ALPHA, minEffectPct, "probeUs".hashCode());
        List<Shift> out = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            ChangePoints.ChangePoint cp = found.get(i);
            out.add(new Shift("speed probe", "probeUs", trusted.get(cp.index()), cp.before(), cp.after(), cp.changePct(), cp.p(),
                    cp.changePct() > 0, i == found.size() - 1, null));
        }
        return out;
    }

    private static RunRecord committedBaseline(Path baselines, String scenario) {
        if (baselines == null) {
            return null;
        }
        Path file = baselines.resolve(scenario + ".json");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return RecordFile.parse(file);
        } catch (ConfigException e) {
            throw new ConfigException("the baseline " + e.getMessage());
        }
    }
}
