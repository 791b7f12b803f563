package io.idbench.site;

import io.idbench.record.Interval;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One chart of the site, drawn by Chart.js from this record's JSON ({@code site.js}), with the table
 * of the same numbers beside it and as a CSV download ({@code data/<id>.csv}).
 *
 * @param x      the horizontal axis; {@code numeric} draws {@link Point#x()} as numbers, otherwise as categories
 * @param series one line (or one set of bars) each
 */
public record Chart(String id, String title, String type, Axis x, Axis y, List<Series> series) {
    public static final String LINE = "line";
    public static final String BAR = "bar";
    /** The series a chart draws at once; the others start hidden in its legend, a click away (and in its table). */
    public static final int MAX_SHOWN = 8;

    /** Beyond {@link #MAX_SHOWN} series, solid ones (p95, throughput) are shown first and the rest start hidden. */
    public Chart {
        series = shownFirst(series);
    }

    public record Axis(String title, boolean log, boolean numeric) {
    }

    /**
     * {@code link}: the page a click on a point opens (relative to the site's root), or null;
     * {@code low}, {@code high}: the value's 95 % interval as its run recorded it, or null.
     */
    public record Point(Object x, double y, boolean flagged, String link, Double low, Double high) {
        public Point(Object x, double y) {
            this(x, y, false, null);
        }

        public Point(Object x, double y, boolean flagged, String link) {
            this(x, y, flagged, link, null, null);
        }

        /** A run's figure of a label, with its interval when the run recorded one. */
        static Point of(Object x, RecordedRun run, String label, String figure, boolean flagged) {
            Interval i = run.interval(label, figure);
            Double low = i == null ? null : i.low();
            Double high = i == null ? null : i.high();
            return new Point(x, run.figure(label, figure), flagged, run.page(), low, high);
        }

        /** The value as a table shows it: with its interval in brackets when there is one. */
        String cell() {
            return Table.number(y) + (low != null && high != null ? " [" + Table.number(low) + ", " + Table.number(high) + "]" : "")
                    + (flagged ? " (regressed)" : "");
        }
    }

    /** {@code hidden}: left out of the drawing until its legend entry is clicked. */
    public record Series(String label, String colour, boolean dashed, List<Point> points, boolean hidden) {
        public Series(String label, String colour, boolean dashed, List<Point> points) {
            this(label, colour, dashed, points, false);
        }
    }

    /** How many series start hidden. */
    public long hiddenCount() {
        return series.stream().filter(Series::hidden).count();
    }

    private static List<Series> shownFirst(List<Series> series) {
        if (series.stream().filter(s -> !s.hidden()).count() <= MAX_SHOWN) {
            return series;
        }
        List<Integer> order = new ArrayList<>();
        for (boolean dashed : new boolean[] {false, true}) {
            for (int i = 0; i < series.size(); i++) {
                if (series.get(i).dashed() == dashed && !series.get(i).hidden()) {
                    order.add(i);
                }
            }
        }
        Set<Integer> shown = new HashSet<>(order.subList(0, MAX_SHOWN));
        List<Series> out = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            out.add(shown.contains(i) ? s : new Series(s.label(), s.colour(), s.dashed(), s.points(), true));
        }
        return List.copyOf(out);
    }

    /** The categories (or numbers) of the horizontal axis, in order of appearance. */
    public List<Object> xValues() {
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
            row.add(String.valueOf(xv));
            for (Series s : series) {
                row.add(s.points().stream().filter(p -> p.x().equals(xv)).findFirst().map(Point::cell).orElse(""));
            }
            rows.add(row);
        }
        return new Table(id, header, rows);
    }

    /** A fixed palette (Okabe-Ito, readable by colour-blind readers), so that one combination has one colour on every page. */
    static final List<String> PALETTE = List.of("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
            "#000000", "#999999", "#7F3C8D");

    static String colour(int index) {
        return PALETTE.get(Math.floorMod(index, PALETTE.size()));
    }

    static String slug(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }
}
