package io.idbench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One label's measured samples of one repetition, cut into consecutive windows of equal duration
 * (by the time each sample ended): the units a bootstrap resamples, so that an interval reflects
 * how the figure moves from one stretch of the run to the next, not only how many samples it has.
 */
public final class LabelWindows {
    /** Windows per repetition: enough to resample, each long enough to hold a few dozen samples of a label. */
    public static final int WINDOWS = 10;

    /** One window: its elapsed times (ms, sorted), server times and server CPU (ms, sorted; empty without Server-Timing). */
    public record Window(double[] elapsed, double[] server, double[] serverCpu) {
        public int samples() {
            return elapsed.length;
        }

        public double serverCpuSum() {
            double sum = 0;
            for (double c : serverCpu) {
                sum += c;
            }
            return sum;
        }
    }

    private final List<Window> windows;
    private final double windowSeconds;

    private LabelWindows(List<Window> windows, double windowSeconds) {
        this.windows = windows;
        this.windowSeconds = windowSeconds;
    }

    public List<Window> windows() {
        return windows;
    }

    public double windowSeconds() {
        return windowSeconds;
    }

    /** Collects one label's samples; {@link #build} cuts them into windows over the repetition's measured span. */
    public static final class Collector {
        private long[] ends = new long[1024];
        private double[] elapsed = new double[1024];
        private double[] server = new double[1024];
        private double[] cpu = new double[1024];
        private int n;

        void add(JtlSample s) {
            if (n == ends.length) {
                ends = Arrays.copyOf(ends, n * 2);
                elapsed = Arrays.copyOf(elapsed, n * 2);
                server = Arrays.copyOf(server, n * 2);
                cpu = Arrays.copyOf(cpu, n * 2);
            }
            ends[n] = s.end();
            elapsed[n] = s.elapsedMillis();
            server[n] = s.serverMillis();
            cpu[n] = s.serverCpuMillis();
            n++;
        }

        /** The windows of [from, to] (epoch ms, the repetition's measured span), {@link #WINDOWS} of them. */
        public LabelWindows build(long from, long to) {
            double width = Math.max(1, to - from) / (double) WINDOWS;
            List<List<Integer>> members = new ArrayList<>();
            for (int w = 0; w < WINDOWS; w++) {
                members.add(new ArrayList<>());
            }
            for (int i = 0; i < n; i++) {
                int w = (int) Math.min(WINDOWS - 1, Math.max(0, (ends[i] - from) / width));
                members.get(w).add(i);
            }
            List<Window> out = new ArrayList<>();
            for (List<Integer> m : members) {
                out.add(new Window(sorted(m, elapsed), sortedPresent(m, server), sortedPresent(m, cpu)));
            }
            return new LabelWindows(out, width / 1000);
        }

        private static double[] sorted(List<Integer> indices, double[] values) {
            double[] out = new double[indices.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = values[indices.get(i)];
            }
            Arrays.sort(out);
            return out;
        }

        /** The values that are there (a sample without a Server-Timing header has NaN). */
        private static double[] sortedPresent(List<Integer> indices, double[] values) {
            return Arrays.stream(sorted(indices, values)).filter(v -> !Double.isNaN(v)).toArray();
        }
    }
}
