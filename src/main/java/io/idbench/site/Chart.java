package io.idbench.site;

import io.idbench.record.Interval;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunStatistics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One chart of the site, drawn by Chart.js from this record's JSON ({@code site.js}), with the table
 * of the same numbers beside it and as a CSV download ({@code data/<id>.csv}). Every series is drawn: a chart that would need
 * more lines than a reader can tell apart is split ({@link ChartSet}: a chooser, small multiples), never half hidden.
 *
 * @param x      the horizontal axis; {@code numeric} draws {@link Point#x()} as numbers, otherwise as categories
 * @param series     one line (or one set of bars) each
 * @param categories the horizontal axis' categories in order, when not the order the series first name them (a trend's runs
 *                   in time, whether trusted or not); null otherwise
 */
public record Chart(String id, String title, String type, Axis x, Axis y, List<Series> series, List<Object> categories) {
    public static final String LINE = "line";
    public static final String BAR = "bar";

    public Chart(String id, String title, String type, Axis x, Axis y, List<Series> series) {
        this(id, title, type, x, y, series, null);
    }

    /** @param log a logarithmic axis (drawn linear when its values span less than tenfold: one decade has too few ticks) */
    public record Axis(String title, boolean log, boolean numeric) {
    }

    /** What sets a point apart from its line's others: a regression, a change of code, a run no verdict stands on. */
    public enum Mark {
        /** Worse than its baseline, or a step for the worse: red. */
        REGRESSED,
        /** The first run of new code in its series: a triangle. */
        CODE,
        /** Disturbed or handicapped: grey, hollow, no verdict. */
        UNTRUSTED,
        /** Of other code than the rest of its line: hollow. */
        OTHER_CODE
    }

    /**
     * {@code link}: the page a click on a point opens (relative to the site's root), or null;
     * {@code low}, {@code high}: the value's 95 % interval as its run recorded it, or null; {@code mark}: what sets it apart,
     * or null.
     */
    public record Point(Object x, double y, String link, Double low, Double high, Mark mark, String note) {
        public Point(Object x, double y) {
            this(x, y, null, null, null, null, null);
        }

        /** A run's figure of a label, with its interval when the run recorded one. */
        static Point of(Object x, RecordedRun run, String label, String figure, Mark mark) {
            Interval i = run.interval(label, figure);
            Double low = i == null ? null : i.low();
            Double high = i == null ? null : i.high();
            return new Point(x, run.figure(label, figure), run.page(), low, high, mark, note(run, mark));
        }

        private static String note(RecordedRun run, Mark mark) {
            if (mark == null) {
                return null;
            }
            return switch (mark) {
                case REGRESSED -> "regressed against its baseline";
                case CODE -> "new code: " + run.codeLabel();
                case UNTRUSTED -> run.disturbed() != null ? "disturbed: no verdict" : "handicapped: no verdict";
                case OTHER_CODE -> "other code: " + run.codeLabel();
            };
        }

        /** The value as a table shows it: with its interval in brackets when there is one, and its mark. */
        String cell() {
            return Format.figure(y) + (low != null && high != null ? " [" + Format.figure(low) + ", " + Format.figure(high) + "]" : "")
                    + (note == null ? "" : " (" + note + ")");
        }
    }

    /**
     * One line; {@code dashed} tells a lesser or a variant line apart (dynamic memberships, a p50 beside a p95);
     * {@code pointsOnly}: points apart from every line (runs no verdict stands on).
     */
    public record Series(String label, String colour, boolean dashed, List<Point> points, boolean pointsOnly) {
        public Series(String label, String colour, boolean dashed, List<Point> points) {
            this(label, colour, dashed, points, false);
        }
    }

    /** Worth drawing: at least two points somewhere (a chart of a single dot says nothing a sentence would not). */
    public boolean drawable() {
        return series.stream().mapToInt(s -> s.points().size()).sum() >= 2;
    }

    /** Some series is a line: two points or more (a strategy at two sizes, say). */
    public boolean hasLine() {
        return series.stream().anyMatch(s -> s.points().size() >= 2);
    }

    /** The categories (or numbers) of the horizontal axis, in order of appearance. */
    public List<Object> xValues() {
        if (categories != null) {
            return categories;
        }
        Set<Object> xs = new LinkedHashSet<>();
        series.forEach(s -> s.points().forEach(p -> xs.add(p.x())));
        List<Object> out = new ArrayList<>(xs);
        if (x.numeric()) {
            out.sort((a, b) -> Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue()));
        }
        return out;
    }

    /** The numbers behind the chart (with their intervals): one row per x value, one column per series; empty where none. */
    public Table table() {
        List<String> header = new ArrayList<>();
        header.add(x.title());
        series.forEach(s -> header.add(s.label() + " (" + y.title() + ")"));
        List<List<String>> rows = new ArrayList<>();
        for (Object xv : xValues()) {
            List<String> row = new ArrayList<>();
            row.add(xv instanceof Number n ? Format.count(n.doubleValue()) : String.valueOf(xv));
            for (Series s : series) {
                row.add(s.points().stream().filter(p -> p.x().equals(xv)).findFirst().map(Point::cell).orElse(""));
            }
            rows.add(row);
        }
        return new Table(id, header, rows);
    }

    /**
     * A fixed palette, so that one combination has one colour on every page: Okabe-Ito's colour-blind-safe colours without its
     * yellow, its orange, sky blue and reddish purple darkened to 3:1 against white at least (WCAG's least for a line, which
     * the originals at 2.3:1 are not), then purple, brown and a dark grey (apart from the grey of runs no verdict stands on); black is kept for all operations together.
     */
    static final List<String> PALETTE = List.of("#0072B2", "#B07400", "#009E73", "#C0709A", "#D55E00", "#2C87BF", "#7F3C8D",
            "#8C564B", "#4D4D4D");

    /** The palette's colours by name, for the words that describe a chart. */
    static final List<String> COLOUR_NAMES = List.of("blue", "orange", "green", "pink", "vermillion", "sky blue", "purple", "brown",
            "dark grey");

    /** A palette colour's name ("orange"), or the colour itself when it is not the palette's. */
    static String colourName(String colour) {
        int i = PALETTE.indexOf(colour);
        return i < 0 ? colour : COLOUR_NAMES.get(i);
    }
    /** All operations together: black, the line the others are read against. */
    static final String ALL = "#000000";

    static String colour(int index) {
        return PALETTE.get(Math.floorMod(index, PALETTE.size()));
    }

    /** A label's colour: black for all operations, else the palette's {@code index}-th. */
    static String colour(String label, int index) {
        return label.equals(RunStatistics.ALL) ? ALL : colour(index);
    }

    static String slug(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }
}
