package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The regression verdict of the newest run of every trend series ({@link Trends}): against its baseline (the
 * series' previous trustworthy run of other code, or a committed baseline file), by the statistical rules of
 * {@code idbench compare}; and over the series' history, a change point whose later segment is
 * worse and still includes the newest run. What a nightly job reports and may fail on: the site writes it as
 * verdict.txt, verdict.json and JUnit XML.
 *
 * @param minEffectPct the smallest change that counts
 * @param guards       the guarded scenarios' newest guards (this build against last night's, with forks): a regression
 *                     there counts as one
 */
public record NightlyVerdict(double minEffectPct, List<Entry> latest, List<GuardVerdict> guards) {

    public NightlyVerdict {
        guards = List.copyOf(guards);
    }

    public NightlyVerdict(double minEffectPct, List<Entry> latest) {
        this(minEffectPct, latest, List.of());
    }

    /** The same verdict with the guards' beside it. */
    public NightlyVerdict withGuards(List<GuardVerdict> newest) {
        return new NightlyVerdict(minEffectPct, latest, newest);
    }

    /**
     * {@code baseline}: what the run was compared with (a run or a file), null for a series' first
     * run; {@code baselineRun}: that run, null for a file or none; {@code regressions}: against it, one phrase per figure; {@code changes}: the series' steps
     * that still hold at the newest run; {@code noVerdict}: why there is none (a disturbed run), or null.
     */
    public record Entry(RecordedRun run, String baseline, RecordedRun baselineRun, List<String> regressions, List<String> changes,
            String noVerdict, List<Judged> judged) {
        public boolean regressed() {
            return !regressions.isEmpty() || !changes.isEmpty();
        }

        public List<String> brief() {
            List<String> out = new ArrayList<>(regressions);
            changes.forEach(c -> out.add("step: " + c));
            return out;
        }
    }

    /**
     * One figure of one operation judged against the baseline: {@code brief} names the change and its interval (the
     * message of a regression), {@code line} says both values, the interval, p and the decision; {@code change} is the
     * change with its interval (null where the records had no intervals and a bare percentage decided: {@code delta}).
     */
    public record Judged(String label, String figure, boolean regression, String brief, String line, Change change,
            Comparison.Delta delta) {
        public boolean improvement() {
            return change != null && change.improvement();
        }
    }

    /** How many series' newest runs were judged against a baseline: with none, no verdict is a clean bill. */
    public long judged() {
        return latest.stream().filter(e -> e.baseline() != null && e.noVerdict() == null).count();
    }

    /** Nothing was judged, neither a newest run nor a guard: "no regression" would be said of nothing. */
    public boolean nothingJudged() {
        return judged() == 0 && guards.stream().allMatch(g -> g.noVerdict() != null) && !anyRegression();
    }

    public List<Entry> regressed() {
        return latest.stream().filter(Entry::regressed).toList();
    }

    public boolean anyRegression() {
        return !regressed().isEmpty() || guards.stream().anyMatch(GuardVerdict::regressed);
    }

    /** The lines `idbench site` prints and verdict.txt holds. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        for (Entry e : regressed()) {
            String head = e.run().scenario() + " " + e.run().runId() + ": ";
            e.regressions().forEach(r -> out.add(head + r + " (against " + e.baseline() + ")"));
            e.changes().forEach(c -> out.add(head + "step in the history: " + c));
        }
        latest.stream().filter(e -> e.noVerdict() != null)
                .forEach(e -> out.add(e.run().scenario() + " " + e.run().runId() + ": no verdict, " + e.noVerdict()));
        guards.forEach(g -> out.addAll(g.lines()));
        long judged = judged();
        String guarded = guards.isEmpty() ? "" : "; guards: " + guards.stream().filter(GuardVerdict::regressed).count() + " of "
                + guards.stream().filter(g -> g.noVerdict() == null).count() + " regressed against the reference build";
        out.add((!regressed().isEmpty()
                ? regressed().size() + " of " + judged + " newest runs regressed (worse by at least " + Numbers.trim(minEffectPct)
                        + "% and significant, or a step in their history)"
                : judged == 0 ? "Nothing judged: none of the newest runs of " + latest.size() + " series had a baseline of other"
                        + " code, with intervals, on a machine as fast, to judge it by"
                        : "No regression in the newest run of " + judged + " series with a baseline (worse by at least "
                                + Numbers.trim(minEffectPct) + "% and significant, or a step in the history)")
                + guarded);
        return out;
    }
}
