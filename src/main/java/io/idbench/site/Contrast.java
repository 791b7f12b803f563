package io.idbench.site;

import io.idbench.record.Change;
import io.idbench.record.Interval;
import io.idbench.record.RunRecord;
import io.idbench.record.Versus;
import io.idbench.results.RunNoise;
import io.idbench.results.Verdict;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two separately recorded runs set side by side on chosen figures, as the findings state them: each figure of {@code other}
 * as a ratio to {@code reference}'s, with its 95 % interval between separate runs: both runs' own intervals and the
 * machine's run-to-run noise ({@link RunNoise}, from the longer of the two runs' histories, else its default), decided over
 * the figures compared at once by {@link Verdict} (Holm, and at least its minimum effect). A run recorded before runs had
 * intervals counts at its figure, with the run-to-run noise alone ({@code pointOnly}).
 *
 * @param changes one per figure both runs have, in the order asked
 * @param noise   what the intervals hold: between separate runs and where their run-to-run noise came from, or the rounds of
 *                an interleaved comparison
 */
record Contrast(RecordedRun reference, RecordedRun other, List<Change> changes, String noise, boolean pointOnly) {

    /** A figure of a label: {@code new Figure("ALL", "throughput")}. */
    record Figure(String label, String figure) {
        /** The unit people read the figure in. */
        String unit() {
            return figure.equals("throughput") ? "req/s" : figure.endsWith("CpuUs") ? "µs" : "ms";
        }
    }

    /** @param history every recorded run: the noise is estimated from the runs comparable with either side */
    static Contrast of(RecordedRun reference, RecordedRun other, List<Figure> figures, List<RecordedRun> history) {
        List<RunRecord> all = history.stream().map(RecordedRun::record).toList();
        List<RunRecord> except = List.of(reference.record(), other.record());
        List<RunRecord> likeReference = RunNoise.comparable(all, reference.record(), except);
        List<RunRecord> likeOther = RunNoise.comparable(all, other.record(), except);
        boolean fromReference = likeReference.size() >= likeOther.size();
        RunNoise noise = RunNoise.estimate(fromReference ? likeReference : likeOther,
                (fromReference ? reference : other).scenario());
        boolean[] pointOnly = {false};
        Map<String, Map<String, Interval>> a = intervals(reference, figures, pointOnly);
        Map<String, Map<String, Interval>> b = intervals(other, figures, pointOnly);
        List<Change> changes = Verdict.defaults().compare(a, b, noise);
        return new Contrast(reference, other, inOrder(changes, figures),
                "between separate runs, with the run-to-run noise " + noise.source(), pointOnly[0]);
    }

    /**
     * Side B of an interleaved comparison against its side A, as the paired verdict found (the rounds of one build, and what
     * two service processes differ by): stronger than two separate runs.
     */
    static Contrast paired(RecordedRun a, RecordedRun b, List<Figure> figures) {
        Versus v = a.record().versus();
        List<Change> ordered = inOrder(v.changes(), figures);
        String rounds = v.schedule() == null ? "" : " over " + v.schedule().size() / 2 + " rounds";
        return new Contrast(a, b, ordered, "interleaved in one build" + rounds + ", paired round by round"
                + (v.instanceNoise() == null ? "" : ", with what two service processes differ by: " + v.instanceNoise()), false);
    }

    /** "; runs of different code (f456780, a9f6162): part of the difference may be the code's", or "" for runs of one code. */
    static String differentCode(List<RecordedRun> runs) {
        List<String> codes = runs.stream().map(RecordedRun::code).distinct().toList();
        if (codes.size() < 2) {
            return "";
        }
        return "; runs of different code (" + String.join(", ", runs.stream().map(r -> r.commit().isEmpty() ? "unknown" : r.commit())
                .distinct().toList()) + "): part of the difference may be the code's";
    }

    /** The change of one figure, or null when either run lacks it. */
    Change change(String label, String figure) {
        return find(changes, new Figure(label, figure));
    }

    /** The changes of {@code figures}, in their order; a figure without one is left out. */
    private static List<Change> inOrder(List<Change> changes, List<Figure> figures) {
        List<Change> out = new ArrayList<>();
        for (Figure f : figures) {
            Change c = find(changes, f);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    private static Change find(List<Change> changes, Figure f) {
        return changes.stream().filter(c -> c.label().equals(f.label()) && c.figure().equals(f.figure())).findFirst().orElse(null);
    }

    /** At least one figure differs measurably: significant and at least the minimum effect. */
    boolean anyMeasurable() {
        return changes.stream().anyMatch(Contrast::measurable);
    }

    static boolean measurable(Change c) {
        return c.regression() || c.improvement();
    }

    /** "2.29x [1.93, 2.71]": the other run's figure over the reference's, with the interval of that ratio. */
    static String ratio(Change c) {
        return String.format(Locale.ROOT, "%sx [%s, %s]", times(1 + c.changePct() / 100), times(1 + c.lowPct() / 100),
                times(1 + c.highPct() / 100));
    }

    /**
     * One figure for people: "p95 0.40x [0.33, 0.49] (8.0 against 20.0 ms)", or "p95: no measurable difference (1.06x
     * [0.88, 1.28]; 8.0 against 7.5 ms)".
     */
    static String phrase(String name, Change c) {
        String unit = new Figure(c.label(), c.figure()).unit();
        String values = value(c.run()) + " against " + value(c.baseline()) + " " + unit;
        return measurable(c) ? name + " " + ratio(c) + " (" + values + ")"
                : name + ": no measurable difference (" + ratio(c) + "; " + values + ")";
    }

    /** A figure as the findings print it: grouped thousands from 100 up, three significant digits below. */
    static String value(double v) {
        if (!Double.isFinite(v)) {
            return "?";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** A ratio with two decimals below 10, one up to 100, none beyond. */
    static String times(double ratio) {
        if (ratio > 0 && ratio < 0.1) { // two significant digits: a directory's count at 0.0005x is not "0.00x"
            return new BigDecimal(ratio).round(new MathContext(2)).toPlainString();
        }
        return ratio >= 100 ? String.format(Locale.ROOT, "%.0f", ratio)
                : ratio >= 10 ? String.format(Locale.ROOT, "%.1f", ratio) : String.format(Locale.ROOT, "%.2f", ratio);
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
