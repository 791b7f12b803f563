package io.idbench.site;

import io.idbench.results.Answer;
import io.idbench.results.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answers' ratios as one chart: a row per answered question, its ratio as a dot and its 95 % interval as a whisker on one
 * logarithmic axis through 1 (no difference), drawn in HTML and CSS, so that it needs no script, prints, and reads at any
 * width. A ratio above 1 is more of the figure (throughput) for the side the question names first.
 */
record Forest(List<Line> lines, List<Tick> ticks) {

    /** One answer: where its dot and whisker sit, in % of the axis, and how it came out. */
    record Line(String id, String name, String ratio, String dot, String from, String width, String outcome) {
    }

    /** A labelled tick of the axis, in % of its width. */
    record Tick(String label, String at, boolean one) {
    }

    /** The ratios a tick may sit at: 1, 2 and 5 of each power of ten. */
    private static final double[] NICE = {1, 2, 5};

    static Forest of(List<Answer> answers) {
        List<double[]> values = new ArrayList<>();
        List<Answer> drawn = new ArrayList<>();
        for (Answer a : answers) {
            Finding f = a.headline();
            double[] r = f == null ? null : FindingWords.headlineRatio(f);
            if (r != null && r[1] > 0 && r[2] > 0) {
                values.add(r);
                drawn.add(a);
            }
        }
        if (values.isEmpty()) {
            return new Forest(List.of(), List.of());
        }
        double min = Math.min(1, values.stream().mapToDouble(v -> v[1]).min().orElse(1));
        double max = Math.max(1, values.stream().mapToDouble(v -> v[2]).max().orElse(1));
        double lo = Math.log10(min) - 0.15;
        double hi = Math.log10(max) + 0.15;
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++) {
            double[] v = values.get(i);
            Finding f = drawn.get(i).headline();
            double from = at(v[1], lo, hi);
            lines.add(new Line(drawn.get(i).question().id(), FindingWords.ratioName(f), Format.ratio(v[0], v[1], v[2]),
                    pct(at(v[0], lo, hi)), pct(from), pct(Math.max(0.4, at(v[2], lo, hi) - from)), FindingsPage.outcome(f)));
        }
        List<Tick> ticks = ticks(lo, hi, NICE);
        if (ticks.size() > 7) {
            ticks = ticks(lo, hi, new double[] {1});
        }
        return new Forest(lines, ticks);
    }

    private static List<Tick> ticks(double lo, double hi, double[] mantissas) {
        List<Tick> ticks = new ArrayList<>();
        for (int exp = (int) Math.floor(lo); exp <= Math.ceil(hi); exp++) {
            for (double m : mantissas) {
                double t = m * Math.pow(10, exp);
                double p = at(t, lo, hi);
                if (p >= 0 && p <= 100) {
                    ticks.add(new Tick(new java.math.BigDecimal(t).round(new java.math.MathContext(3)).stripTrailingZeros()
                            .toPlainString() + "x", pct(p), t == 1));
                }
            }
        }
        return ticks;
    }

    /** Where a ratio sits on the axis, in %. */
    private static double at(double ratio, double lo, double hi) {
        return (Math.log10(ratio) - lo) / (hi - lo) * 100;
    }

    private static String pct(double p) {
        return String.format(Locale.ROOT, "%.2f%%", p);
    }
}
