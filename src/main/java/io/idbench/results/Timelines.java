package io.idbench.results;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.idbench.record.Side;
import io.idbench.record.Timeline;
import io.idbench.record.Timeline.Slice;
import io.idbench.record.Timeline.Slope;
import io.idbench.record.WallTime;
import io.idbench.telemetry.ResourceSampler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Builds a run's {@link Timeline} from its JTL (side A's measured samples) and the {@link ResourceSampler}'s rows. Only a
 * soak has one: a single measured repetition of at least {@link #MIN_MEASURED_SECONDS}; its slices are
 * {@link #SLICE_SECONDS} long, or shorter so that there are at least {@link #MIN_SLICES}.
 */
public final class Timelines {
    /** A soak's slice: an hour's run gives six points per curve, each long enough to hold a p95 of millions of samples. */
    public static final double SLICE_SECONDS = 600;
    /** Fewer points than this fit no slope worth an interval. */
    public static final int MIN_SLICES = 6;
    /** A measured repetition shorter than this is no soak: its figures and intervals say all there is. */
    public static final double MIN_MEASURED_SECONDS = 60;
    private static final double HOUR_SECONDS = 3600;
    private static final double CONFIDENCE = 0.95;

    private Timelines() {
    }

    /** Whether a run of {@code repetitions} measured ones, the longest {@code measuredSeconds} long, gets a timeline. */
    public static boolean applies(int repetitions, double measuredSeconds) {
        return repetitions == 1 && measuredSeconds >= MIN_MEASURED_SECONDS;
    }

    /** The timeline of {@code jtl}'s measured samples of side A; the resource rows in {@code resources} when that file exists. */
    public static Timeline of(Path jtl, Path resources) {
        Samples samples = new Samples();
        JtlReader.read(jtl, s -> {
            if (s.side() == Side.A && RunStatistics.MEASURE.equals(s.phase())) {
                samples.add(s.timeStamp(), s.end(), s.elapsedMillis(), s.success());
            }
        });
        return of(samples, resources != null && Files.isRegularFile(resources) ? readResources(resources) : List.of());
    }

    /** Samples kept as two primitive arrays: an hour at thousands of requests per second is millions of them. */
    static final class Samples {
        private long first = Long.MAX_VALUE;
        private long last = Long.MIN_VALUE;
        private long[] ends = new long[1 << 16];
        /** Elapsed ms times two, plus one for a success. */
        private int[] outcomes = new int[1 << 16];
        private int n;

        void add(long start, long end, long elapsedMillis, boolean success) {
            if (n == ends.length) {
                ends = Arrays.copyOf(ends, n * 2);
                outcomes = Arrays.copyOf(outcomes, n * 2);
            }
            first = Math.min(first, start);
            last = Math.max(last, end);
            ends[n] = end;
            outcomes[n++] = (int) Math.min(Math.max(elapsedMillis, 0), LabelStatistics.HIGHEST_MILLIS) * 2 + (success ? 1 : 0);
        }
    }

    /** The timeline of the samples and resource rows (by the sampler's column names); null without samples. */
    static Timeline of(Samples samples, List<Map<String, Long>> resources) {
        if (samples.n == 0) {
            return null;
        }
        long from = samples.first;
        long to = samples.last;
        double span = Math.max(1, to - from) / 1000.0;
        double slice = sliceSeconds(span);
        int count = Math.max(1, (int) Math.round(span / slice));
        Histogram[] latency = new Histogram[count];
        long[] errors = new long[count];
        for (int k = 0; k < samples.n; k++) {
            int i = index(samples.ends[k], from, slice, count);
            if (latency[i] == null) {
                latency[i] = new Histogram(LabelStatistics.HIGHEST_MILLIS, LabelStatistics.POOLED_DIGITS);
            }
            latency[i].recordValue(samples.outcomes[k] >> 1);
            errors[i] += 1 - (samples.outcomes[k] & 1);
        }
        List<List<Map<String, Long>>> held = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            held.add(new ArrayList<>());
        }
        for (Map<String, Long> row : resources) {
            long t = row.getOrDefault("timeMs", Long.MIN_VALUE);
            if (t >= from && t <= to) {
                held.get(index(t, from, slice, count)).add(row);
            }
        }
        List<Slice> slices = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double seconds = i == count - 1 ? span - i * slice : slice; // the last takes the rest
            long n = latency[i] == null ? 0 : latency[i].getTotalCount();
            List<Map<String, Long>> rows = held.get(i);
            slices.add(new Slice(i * slice, seconds, n, errors[i], n / seconds, n == 0 ? Double.NaN : latency[i].getValueAtPercentile(95),
                    mean(rows, "servicePssKb", 1024), mean(rows, "postgresqlPssKb", 1024), mean(rows, "enginePssKb", 1024),
                    mean(rows, "serviceFds", 1), mean(rows, "postgresqlFds", 1), mean(rows, "serviceThreads", 1),
                    mean(rows, ResourceSampler.CONNECTIONS, 1)));
        }
        return new Timeline(slice, slices, slopes(slices));
    }

    /**
     * {@link #SLICE_SECONDS} when the span holds about {@link #MIN_SLICES} of them or more (a run of {@code -Dduration=3600}
     * measures a few milliseconds less than its hour), else a sixth of the span.
     */
    public static double sliceSeconds(double span) {
        return span / SLICE_SECONDS >= MIN_SLICES - 0.5 ? SLICE_SECONDS : span / MIN_SLICES;
    }

    /** A slice's length as people say it: "10 min", or "15 s", "1 min 30 s". */
    public static String named(double sliceSeconds) {
        return sliceSeconds >= 60 && sliceSeconds % 60 == 0 ? (long) sliceSeconds / 60 + " min" : WallTime.readable(sliceSeconds);
    }

    private static int index(long at, long from, double slice, int count) {
        return (int) Math.min(count - 1, Math.max(0, (at - from) / 1000.0 / slice));
    }

    /** The mean of a column over the rows, times {@code scale}; null without rows (or an engine that did not run: all 0). */
    private static Double mean(List<Map<String, Long>> rows, String column, long scale) {
        if (rows.isEmpty() || rows.stream().allMatch(r -> r.getOrDefault(column, 0L) == 0)) {
            return null;
        }
        return rows.stream().mapToLong(r -> r.getOrDefault(column, 0L)).average().orElseThrow() * scale;
    }

    /** What the run page and the slopes read of a slice, by the field's name in the record. */
    public static final Map<String, Function<Slice, Double>> FIGURES = figures();

    private static Map<String, Function<Slice, Double>> figures() {
        Map<String, Function<Slice, Double>> out = new LinkedHashMap<>();
        out.put("throughput", Slice::throughput);
        out.put("p95Ms", Slice::p95Ms);
        out.put("servicePssBytes", Slice::servicePssBytes);
        out.put("postgresqlPssBytes", Slice::postgresqlPssBytes);
        out.put("enginePssBytes", Slice::enginePssBytes);
        out.put("serviceFds", Slice::serviceFds);
        out.put("postgresqlFds", Slice::postgresqlFds);
        out.put("serviceThreads", Slice::serviceThreads);
        out.put("postgresqlConnections", Slice::postgresqlConnections);
        return out;
    }

    /** Each figure's least-squares slope per hour over the slices' midpoints, with its interval; three slices at least. */
    public static Map<String, Slope> slopes(List<Slice> slices) {
        Map<String, Slope> out = new LinkedHashMap<>();
        FIGURES.forEach((name, figure) -> {
            SimpleRegression fit = new SimpleRegression();
            for (Slice s : slices) {
                Double y = figure.apply(s);
                if (y != null && Double.isFinite(y) && s.samples() > 0) {
                    fit.addData((s.fromSeconds() + s.seconds() / 2) / HOUR_SECONDS, y);
                }
            }
            if (fit.getN() >= 3) {
                double slope = fit.getSlope();
                double half = fit.getSlopeConfidenceInterval(1 - CONFIDENCE);
                out.put(name, Double.isFinite(half) ? new Slope(slope, slope - half, slope + half) : new Slope(slope, slope, slope));
            }
        });
        return out;
    }

    /** The sampler's rows, each by its column names; rows cut short by a stop are left out. */
    static List<Map<String, Long>> readResources(Path csv) {
        List<Map<String, Long>> out = new ArrayList<>();
        try (MappingIterator<Map<String, String>> rows = new CsvMapper().readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(csv.toFile())) {
            while (rows.hasNextValue()) {
                Map<String, String> row = rows.nextValue();
                Map<String, Long> parsed = new LinkedHashMap<>();
                row.forEach((k, v) -> parsed(v).ifPresent(n -> parsed.put(k, n)));
                if (parsed.size() == ((CsvSchema) rows.getParserSchema()).size()) {
                    out.add(parsed);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + csv + ": " + e.getMessage(), e);
        }
        return out;
    }

    private static Optional<Long> parsed(String v) {
        try {
            return Optional.of(Long.parseLong(v));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
