package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Interval;
import io.idbench.record.RunRecord;
import io.idbench.record.Versus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two recorded runs set side by side on chosen figures, as a finding states them: each figure of {@code other} as a ratio to
 * {@code reference}'s, with its 95 % interval. Between separate runs the interval holds both runs' own intervals and the
 * machine's run-to-run noise measured among runs of one code ({@link RunNoise#sameCode}); an interleaved comparison's
 * comes from its rounds. Decided over the figures compared at once by {@link Verdict} (Holm, and at least its minimum
 * effect). A run recorded before runs had intervals counts at its figure, with the run-to-run noise alone
 * ({@code pointOnly}).
 *
 * @param changes one per figure both runs have, in the order asked
 * @param noise   what the run-to-run noise stood on; null for an interleaved comparison, which needs none
 * @param rounds  the rounds of an interleaved comparison, 0 for two separate runs
 * @param family  how many figures were judged together (Holm): the ones asked for, or every figure of an interleaved comparison
 * @param forks   the service processes per side of an interleaved comparison (its unit when more than one); 1 otherwise
 * @param minEffectPct the smallest change the verdict that judged it counted, in %: what its words state as the rule
 */
public record Contrast(RecordedRun reference, RecordedRun other, List<Change> changes, RunNoise.Basis noise, String noiseSource,
        int rounds, boolean pointOnly, int family, int forks, double minEffectPct) {

    /** A figure of a label: {@code new Figure("ALL", "throughput")}. */
    public record Figure(String label, String figure) {
        /** The unit people read the figure in. */
        public String unit() {
            return figure.equals("throughput") ? "req/s" : figure.endsWith("CpuUs") ? "µs" : "ms";
        }

        public boolean higherIsBetter() {
            return Verdict.HIGHER_IS_BETTER.contains(figure);
        }
    }

    /** The same, judged by the default verdict ({@link Verdict#defaults()}). */
    public static Contrast of(RecordedRun reference, RecordedRun other, List<Figure> figures, List<RecordedRun> history) {
        return of(reference, other, figures, history, Verdict.defaults());
    }

    /** @param history every recorded run: the noise is measured among those of the two runs' machine and code */
    public static Contrast of(RecordedRun reference, RecordedRun other, List<Figure> figures, List<RecordedRun> history,
            Verdict verdict) {
        List<RunRecord> all = history.stream().map(RecordedRun::record).toList();
        RunNoise noise = RunNoise.sameCode(all, reference.record(), other.record());
        boolean[] pointOnly = {false};
        Map<String, Map<String, Interval>> a = intervals(reference, figures, pointOnly);
        Map<String, Map<String, Interval>> b = intervals(other, figures, pointOnly);
        List<Change> changes = verdict.compare(a, b, noise);
        return new Contrast(reference, other, inOrder(changes, figures), noise.basis(), noise.source(), 0, pointOnly[0],
                changes.size(), 1, verdict.minEffectPct());
    }

    /**
     * Side B of an interleaved comparison against its side A, as the paired verdict found (the rounds of one build, and what
     * two service processes differ by): stronger than two separate runs.
     */
    public static Contrast paired(RecordedRun a, RecordedRun b, List<Figure> figures) {
        Versus v = a.record().versus();
        int rounds = v.schedule() == null ? 0 : v.schedule().size() / 2;
        int family = v.figuresCompared() != null ? v.figuresCompared() : v.changes().size();
        // The changes are the judged side's against the reference: A's against B when B ran the reference build.
        return new Contrast(v.aJudged() ? b : a, v.aJudged() ? a : b, inOrder(v.changes(), figures), null, v.instanceNoise(),
                Math.max(rounds, 1), false, family, v.forkCount(), v.minEffectPct());
    }

    /** Measured interleaved, in one build: no run-to-run noise between its sides. */
    public boolean paired() {
        return rounds > 0;
    }

    /** The change of one figure, or null when either run lacks it. */
    public Change change(String label, String figure) {
        return find(changes, new Figure(label, figure));
    }

    /** The changes the verdict found measurable: significant and at least the minimum effect. */
    public List<Change> measured() {
        return changes.stream().filter(Contrast::measurable).toList();
    }

    /** At least one figure differs measurably. */
    public boolean anyMeasurable() {
        return changes.stream().anyMatch(Contrast::measurable);
    }

    public static boolean measurable(Change c) {
        return c.regression() || c.improvement();
    }

    /** What the comparison came to over its measured figures. */
    public Outcome outcome() {
        return Outcome.of(measured());
    }

    /** The changes of {@code figures}, in their order; a figure without one is left out. */
    private static List<Change> inOrder(List<Change> changes, List<Figure> figures) {
        List<Change> out = new ArrayList<>();
        for (Figure f : figures) {
            Change c = find(changes == null ? List.of() : changes, f);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    private static Change find(List<Change> changes, Figure f) {
        return changes.stream().filter(c -> c.label().equals(f.label()) && c.figure().equals(f.figure())).findFirst().orElse(null);
    }

    private static Map<String, Map<String, Interval>> intervals(RecordedRun run, List<Figure> figures, boolean[] pointOnly) {
        Map<String, Map<String, Interval>> out = new LinkedHashMap<>();
        for (Figure f : figures) {
            Interval i = run.interval(f.label(), f.figure());
            if (i == null || !Double.isFinite(i.logSe())) {
                double v = run.figure(f.label(), f.figure());
                if (!(v > 0)) {
                    continue;
                }
                i = new Interval(v, v, v, 0);
                pointOnly[0] = true;
            }
            out.computeIfAbsent(f.label(), k -> new LinkedHashMap<>()).put(f.figure(), i);
        }
        return out;
    }
}
