package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Interval;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The newest night of the history, as the morning check reads it: which runs it holds (the newest batch a nightly job
 * recorded, {@code nightly-<build>}; without batches, the newest run of every series that started within a day of the
 * newest run), the code they measured against the code of the runs they were judged against (the range of commits since),
 * and per operation and figure the change with its interval, the worst first, improvements too.
 *
 * @param batch     the night's run id when a nightly job recorded it, else null
 * @param steps     each series' newest step in the night: its run, baseline and verdict
 * @param sinceCode the codes of the runs the night was judged against, and of the night: the commits between them changed
 * @param changes   every figure judged, the worst first
 * @param holding   the steps for the worse in the night's series' histories that still hold at its runs (where the code
 *                  changed): a slow slide that no one night shows
 * @param betweenCommits the figures of the night's runs that moved beyond the machine's noise since their baseline of other
 *                  code, where no interval allowed a verdict: steps to show, neither regressions nor improvements
 * @param minEffectPct the smallest change the night's verdicts counted (the site's tolerance)
 * @param machineMoves the night's runs whose figures moved beyond their own intervals since the run before of the same
 *                  code: the machine's doing, named with its size so that a reader does not take it for a finding
 */
public record LastNight(String batch, Instant first, Instant last, List<Trends.Step> steps, List<String> fromCommits,
        List<String> toCommits, List<Row> changes, List<Trends.Shift> holding, List<Row> betweenCommits,
        List<MachineMove> machineMoves, double minEffectPct) {

    /**
     * A run of the night against the run before it of the same code in its series: the changes beyond both runs' own
     * intervals (nothing else differed between them but the machine).
     */
    public record MachineMove(RecordedRun before, RecordedRun after, List<Change> changes) {
    }

    /** How far back from the newest run a night reaches when no batch names it. */
    static final Duration NIGHT = Duration.ofHours(24);

    /**
     * One figure of one operation of one run judged against its baseline: the change with its interval and the decision, and
     * the samples each side measured (a p99 over a few hundred samples in whole milliseconds moves by a tick).
     */
    public record Row(Trends.Step step, Change change, double samplesBefore, double samplesAfter) {
        /** How much worse, in %: positive is worse whichever way the figure is better. */
        public double worsePct() {
            return Verdict.HIGHER_IS_BETTER.contains(change.figure()) ? -change.changePct() : change.changePct();
        }

        public boolean regression() {
            return change.regression();
        }

        public boolean improvement() {
            return change.improvement();
        }
    }

    /** The newest night of the history, or null for a history without a complete run. */
    public static LastNight of(RunHistory history, Trends trends) {
        RecordedRun newest = history.all().stream().filter(RecordedRun::complete).max(Comparator.comparing(RecordedRun::started))
                .orElse(null);
        if (newest == null) {
            return null;
        }
        String batch = history.batch(newest);
        List<Trends.Step> steps = new ArrayList<>();
        List<Trends.Shift> holding = new ArrayList<>();
        List<MachineMove> moves = new ArrayList<>();
        for (Trends.Series s : trends.series()) {
            Trends.Step latest = s.latest();
            RecordedRun r = latest.run();
            boolean inNight = batch != null ? batch.equals(history.batch(r)) && r.machine().equals(newest.machine())
                    : !r.started().isBefore(newest.started().minus(NIGHT));
            if (inNight) {
                steps.add(latest);
                if (latest.note() == null) {
                    s.changes().stream().filter(c -> c.worse() && c.holds() && !c.machine()).forEach(holding::add);
                }
                machineMove(s, trends.verdict().minEffectPct()).ifPresent(moves::add);
            }
        }
        Instant first = steps.stream().map(st -> st.run().started()).min(Comparator.naturalOrder()).orElse(newest.started());
        Set<String> from = new LinkedHashSet<>();
        Set<String> to = new LinkedHashSet<>();
        List<Row> rows = new ArrayList<>();
        List<Row> between = new ArrayList<>();
        for (Trends.Step st : steps) {
            RecordedRun against = st.baselineRun();
            st.betweenCommits().forEach(c -> between.add(new Row(st, c, against == null ? Double.NaN : against.figure(c.label(),
                    "samples"), st.run().figure(c.label(), "samples"))));
            to.add(st.run().fullCommit());
            if (st.baselineRun() != null) {
                from.add(st.baselineRun().fullCommit());
            }
            for (NightlyVerdict.Judged j : st.judged()) {
                if (j.change() != null) {
                    RecordedRun base = st.baselineRun();
                    rows.add(new Row(st, j.change(), base == null ? Double.NaN : base.figure(j.label(), "samples"),
                            st.run().figure(j.label(), "samples")));
                }
            }
        }
        // Regressions, the worst first; then improvements, the largest first; then the rest, the worst first.
        rows.sort(Comparator.comparingInt((Row r) -> r.regression() ? 0 : r.improvement() ? 1 : 2)
                .thenComparingDouble(r -> r.improvement() ? r.worsePct() : -r.worsePct()));
        between.sort(Comparator.comparingDouble(r -> -Math.abs(Math.log1p(r.change().changePct() / 100))));
        return new LastNight(batch, first, newest.started(), steps, List.copyOf(from), List.copyOf(to), rows, holding, between,
                moves, trends.verdict().minEffectPct());
    }

    /** The series' newest run against its trustworthy run before of the same code, when a figure moved beyond both intervals. */
    private static Optional<MachineMove> machineMove(Trends.Series s, double minEffectPct) {
        RecordedRun latest = s.latest().run();
        if (!latest.trustworthy()) {
            return Optional.empty();
        }
        List<Trends.Step> steps = s.steps();
        for (int i = steps.size() - 2; i >= 0; i--) {
            RecordedRun before = steps.get(i).run();
            if (before.trustworthy() && Trends.changeBetween(before, latest) == null) {
                List<Change> moved = new Verdict(minEffectPct, Verdict.DEFAULT_ALPHA).compare(intervals(before), intervals(latest)).stream()
                        .filter(c -> c.regression() || c.improvement()).toList();
                return moved.isEmpty() ? Optional.empty() : Optional.of(new MachineMove(before, latest, moved));
            }
        }
        return Optional.empty();
    }

    /** The intervals of the figures a whole workload's answer gives ({@link Findings#HEADLINE}): where the machine shows. */
    private static Map<String, Map<String, Interval>> intervals(RecordedRun r) {
        Map<String, Interval> all = new LinkedHashMap<>();
        Findings.HEADLINE.forEach(f -> {
            Interval i = r.interval(f.label(), f.figure());
            if (i != null) {
                all.put(f.figure(), i);
            }
        });
        return Map.of(RunStatistics.ALL, all);
    }

    /** The regressions of the night. */
    public List<Row> regressions() {
        return changes.stream().filter(Row::regression).toList();
    }

    /** The improvements of the night. */
    public List<Row> improvements() {
        return changes.stream().filter(Row::improvement).toList();
    }

    /** Runs of the night that no verdict judged, with why (the same code as before, disturbed, a first run). */
    public List<Trends.Step> unjudged() {
        return steps.stream().filter(s -> !s.judgedAgainstBaseline()).toList();
    }
}
