package io.idbench.site;

import io.idbench.record.Timeline;
import io.idbench.record.Timeline.Slice;
import io.idbench.record.Timeline.Slope;
import io.idbench.results.Timelines;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/**
 * A soak's timeline as its run page shows it: per slice, throughput and p95, the system's memory, and its descriptors,
 * threads and connections, as curves; and each figure's slope per hour with its interval, so a leak reads as a line.
 */
final class TimelineView {
    private static final double MIB = 1024 * 1024;

    /** A figure as the page names it, its unit, and how a slice's value is shown in that unit. */
    private record Figure(String field, String name, String unit, double scale) {
    }

    private static final List<Figure> FIGURES = List.of(new Figure("throughput", "throughput, all operations", "req/s", 1),
            new Figure("p95Ms", "p95, all operations", "ms", 1), new Figure("servicePssBytes", "service memory (PSS)", "MiB", MIB),
            new Figure("postgresqlPssBytes", "PostgreSQL memory (PSS, all processes)", "MiB", MIB),
            new Figure("enginePssBytes", "search engine memory (PSS)", "MiB", MIB),
            new Figure("serviceFds", "service file descriptors", "open", 1),
            new Figure("postgresqlFds", "PostgreSQL file descriptors", "open", 1), new Figure("serviceThreads", "service threads", "", 1),
            new Figure("postgresqlConnections", "PostgreSQL client connections", "", 1));

    /** One figure's slope: per hour with its interval, relative to its mean, and what it says. */
    record SlopeRow(String figure, String perHour, String relative, String reading, boolean grows) {
    }

    /** The page's part: charts, one row per slice (header first), one row per slope. */
    record View(List<Chart> charts, List<String> header, List<List<String>> rows, List<SlopeRow> slopes, String slice) {
    }

    private TimelineView() {
    }

    /** @param ranEngine whether a search engine ran beside PostgreSQL (else what the sampler filed as one is left out) */
    static View of(String id, Timeline t, boolean ranEngine) {
        List<Figure> present = FIGURES.stream().filter(f -> ranEngine || !f.field().startsWith(RunPage.ENGINE))
                .filter(f -> t.slices().stream().anyMatch(s -> value(s, f) != null)).toList();
        List<String> header = new ArrayList<>(List.of("from (min)", "samples", "errors"));
        present.forEach(f -> header.add(f.name() + (f.unit().isEmpty() ? "" : " (" + f.unit() + ")")));
        List<List<String>> rows = new ArrayList<>();
        for (Slice s : t.slices()) {
            List<String> row = new ArrayList<>(List.of(Table.number(s.fromSeconds() / 60), Format.count(s.samples()),
                    Format.count(s.errors())));
            present.forEach(f -> row.add(Format.figure(orNaN(value(s, f)) / f.scale())));
            rows.add(row);
        }
        List<SlopeRow> slopes = new ArrayList<>();
        for (Figure f : present) {
            Slope slope = t.perHour().get(f.field());
            if (slope != null) {
                double mean = t.slices().stream().map(s -> value(s, f)).filter(v -> v != null && Double.isFinite(v))
                        .mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                String unit = f.unit().isEmpty() ? "" : " " + f.unit();
                slopes.add(new SlopeRow(f.name(), rounded(slope.value() / f.scale()) + unit + " [" + rounded(slope.low() / f.scale())
                        + ", " + rounded(slope.high() / f.scale()) + "]", mean > 0 ? rounded(slope.value() / mean * 100) + " %" : "–",
                        reading(slope), slope.grows()));
            }
        }
        String slice = Timelines.named(t.sliceSeconds());
        return new View(charts(id, t, slice, present), header, rows, slopes, slice);
    }

    /** Three significant digits, as a table shows a number: a fitted slope has no more. */
    private static String rounded(double v) {
        return Double.isFinite(v) ? Table.number(new BigDecimal(v).round(new MathContext(3)).doubleValue()) : "–";
    }

    private static String reading(Slope s) {
        return s.low() > 0 ? "grows" : s.high() < 0 ? "falls" : s.low() == 0 && s.high() == 0 ? "flat"
                : "no trend (the interval holds zero)";
    }

    private static List<Chart> charts(String id, Timeline t, String slice, List<Figure> present) {
        Chart.Axis minutes = new Chart.Axis("minutes since the first measured sample (slice middle)", false, true);
        List<Chart> out = new ArrayList<>();
        out.add(chart(id + "-timeline-throughput", "Throughput per " + slice, minutes, "req/s", t, among(present, 0, 1)));
        out.add(chart(id + "-timeline-p95", "p95 per " + slice + ", all operations", minutes, "ms", t, among(present, 1, 2)));
        out.add(chart(id + "-timeline-memory", "Memory per " + slice + " (proportional set size)", minutes, "MiB", t,
                among(present, 2, 5)));
        out.add(chart(id + "-timeline-handles", "Descriptors, threads and connections per " + slice, minutes, "count", t,
                among(present, 5, FIGURES.size())));
        return out.stream().filter(c -> !c.series().isEmpty()).toList();
    }

    /** {@link #FIGURES} from..to that are present. */
    private static List<Figure> among(List<Figure> present, int from, int to) {
        return FIGURES.subList(from, to).stream().filter(present::contains).toList();
    }

    private static Chart chart(String id, String title, Chart.Axis x, String unit, Timeline t, List<Figure> figures) {
        List<Chart.Series> series = new ArrayList<>();
        for (Figure f : figures) {
            List<Chart.Point> points = new ArrayList<>();
            for (Slice s : t.slices()) {
                Double v = value(s, f);
                if (v != null && Double.isFinite(v)) {
                    points.add(new Chart.Point(Math.round((s.fromSeconds() + s.seconds() / 2) / 6) / 10.0, v / f.scale()));
                }
            }
            if (!points.isEmpty()) {
                series.add(new Chart.Series(f.name(), Chart.colour(series.size()), false, points));
            }
        }
        return new Chart(id, title, Chart.LINE, x, new Chart.Axis(unit, false, true), series);
    }

    private static Double value(Slice s, Figure f) {
        return Timelines.FIGURES.get(f.field()).apply(s);
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }
}
