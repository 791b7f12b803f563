package io.idbench.results;

import io.idbench.record.Interval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A run's figures over all its repetitions pooled (a percentile over every measured sample, the
 * throughput as all samples over all measured time), with confidence intervals by a two-stage
 * (hierarchical) bootstrap: draw the repetitions with replacement, then within each drawn
 * repetition its windows with replacement, and compute the figure over what was drawn. The spread
 * of many such draws is the uncertainty of the figure from repetition to repetition and from one
 * stretch of a run to the next. Percentile intervals; the draws are seeded, so a record is
 * reproducible.
 */
public final class Bootstrap {
    public static final int REPLICATES = 1000;
    public static final double LEVEL = 0.95;

    /** The figures of a label that get an interval. */
    public static final List<String> FIGURES = List.of("p50", "p95", "p99", "throughput", "serverP50", "serverP95", "serverCpuUs");

    private Bootstrap() {
    }

    /** One window, tallied: its elapsed and server times in the label's bins, its server CPU, its length. */
    private record Unit(Tally.Counts elapsed, Tally.Counts server, double cpuSum, int cpuCount, double seconds) {
    }

    /**
     * @param repetitions one label's windows in each repetition (the label missing from a repetition: not listed)
     * @return per figure with data, its interval
     */
    public static Map<String, Interval> intervals(List<LabelWindows> repetitions, long seed) {
        return intervals(repetitions, seed, REPLICATES);
    }

    private static Map<String, Interval> intervals(List<LabelWindows> repetitions, long seed, int replicates) {
        Map<String, Interval> out = new LinkedHashMap<>();
        if (repetitions.isEmpty()) {
            return out;
        }
        List<double[]> elapsed = new ArrayList<>();
        List<double[]> server = new ArrayList<>();
        repetitions.forEach(r -> r.windows().forEach(w -> {
            elapsed.add(w.elapsed());
            server.add(w.server());
        }));
        Tally elapsedBins = Tally.of(elapsed);
        Tally serverBins = Tally.of(server);
        List<Unit[]> reps = new ArrayList<>();
        for (LabelWindows r : repetitions) {
            reps.add(r.windows().stream().map(w -> new Unit(elapsedBins.count(w.elapsed()), serverBins.count(w.server()), w.serverCpuSum(),
                    w.serverCpu().length, r.windowSeconds())).toArray(Unit[]::new));
        }
        Figures figures = new Figures(elapsedBins, serverBins);
        SplittableRandom random = new SplittableRandom(seed);
        double[][] draws = new double[FIGURES.size()][replicates];
        int r = reps.size();
        int[][] times = new int[r][];
        Unit[][] drawn = new Unit[r][];
        for (int b = 0; b < replicates; b++) {
            for (int i = 0; i < r; i++) {
                Unit[] rep = reps.get(r == 1 ? 0 : random.nextInt(r));
                int[] t = new int[rep.length];
                for (int j = 0; j < rep.length; j++) {
                    t[random.nextInt(rep.length)]++;
                }
                drawn[i] = rep;
                times[i] = t;
            }
            double[] f = figures.of(drawn, times);
            for (int k = 0; k < f.length; k++) {
                draws[k][b] = f[k];
            }
        }
        for (int i = 0; i < r; i++) {
            drawn[i] = reps.get(i);
            times[i] = new int[drawn[i].length];
            Arrays.fill(times[i], 1);
        }
        double[] values = figures.of(drawn, times);
        for (int k = 0; k < FIGURES.size(); k++) {
            if (!Double.isNaN(values[k])) {
                out.put(FIGURES.get(k), replicates == 0 ? new Interval(values[k], Double.NaN, Double.NaN, Double.NaN)
                        : interval(values[k], draws[k]));
            }
        }
        return out;
    }

    /** The figures of one repetition (or of several pooled), without intervals: what a paired comparison compares. */
    public static Map<String, Double> values(List<LabelWindows> repetitions) {
        Map<String, Double> out = new LinkedHashMap<>();
        intervals(repetitions, 0, 0).forEach((figure, i) -> out.put(figure, i.value()));
        return out;
    }

    /** Every figure of one draw, in the order of {@link #FIGURES}. */
    private record Figures(Tally elapsedBins, Tally serverBins) {
        double[] of(Unit[][] drawn, int[][] times) {
            long[] elapsed = elapsedBins.empty();
            long[] server = serverBins.empty();
            long samples = 0;
            double seconds = 0;
            double cpu = 0;
            long cpuCount = 0;
            for (int i = 0; i < drawn.length; i++) {
                for (int j = 0; j < drawn[i].length; j++) {
                    int t = times[i][j];
                    if (t == 0) {
                        continue;
                    }
                    Unit u = drawn[i][j];
                    Tally.add(elapsed, u.elapsed(), t);
                    Tally.add(server, u.server(), t);
                    samples += u.elapsed().total() * t;
                    seconds += u.seconds() * t;
                    cpu += u.cpuSum() * t;
                    cpuCount += (long) u.cpuCount() * t;
                }
            }
            return new double[] {
                    nonNegative(elapsedBins.percentile(elapsed, 50, Quantiles.MILLISECOND_TICK)),
                    nonNegative(elapsedBins.percentile(elapsed, 95, Quantiles.MILLISECOND_TICK)),
                    nonNegative(elapsedBins.percentile(elapsed, 99, Quantiles.MILLISECOND_TICK)),
                    seconds == 0 ? Double.NaN : samples / seconds,
                    serverBins.percentile(server, 50, Quantiles.MICROSECOND_TICK),
                    serverBins.percentile(server, 95, Quantiles.MICROSECOND_TICK),
                    cpuCount == 0 ? Double.NaN : cpu / cpuCount * 1000};
        }
    }

    private static Interval interval(double value, double[] draws) {
        double[] finite = Arrays.stream(draws).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (finite.length == 0) {
            return new Interval(value, Double.NaN, Double.NaN, Double.NaN);
        }
        double alpha = (1 - LEVEL) / 2;
        double low = Quantiles.of(finite, alpha * 100, 0);
        double high = Quantiles.of(finite, (1 - alpha) * 100, 0);
        double[] logs = Arrays.stream(finite).map(d -> Math.log(Math.max(d, 1e-6))).toArray();
        double mean = Arrays.stream(logs).average().orElse(0);
        double var = Arrays.stream(logs).map(l -> (l - mean) * (l - mean)).sum() / Math.max(1, logs.length - 1);
        return new Interval(value, Math.min(low, value), Math.max(high, value), Math.sqrt(var));
    }

    public static double median(double[] values) {
        double[] v = Arrays.stream(values).filter(d -> !Double.isNaN(d)).sorted().toArray();
        int n = v.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** A recorded 0 ms stands for a time under one tick: an interpolated percentile never goes below 0. */
    private static double nonNegative(double ms) {
        return Double.isNaN(ms) ? ms : Math.max(0, ms);
    }
}
