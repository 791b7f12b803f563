package io.idbench.seed;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * Progress as plain log lines, for output that is not a terminal (Maven, CI, a file): one line
 * per phase start and end, and in between at most one line every {@code intervalMillis} with the
 * count, the percentage, the rate and the estimated time left.
 */
public final class PlainProgress implements SeedProgress {
    private final Consumer<String> out;
    private final long intervalNanos;
    private String phase;
    private String unit;
    private long total;
    private long started;
    private long lastLine;
    private long done;

    public PlainProgress(Consumer<String> out, long intervalMillis) {
        this.out = out;
        this.intervalNanos = intervalMillis * 1_000_000;
    }

    @Override
    public void start(String phase, long total, String unit) {
        this.phase = phase;
        this.total = total;
        this.unit = unit;
        this.done = 0;
        this.started = System.nanoTime();
        this.lastLine = started;
        out.accept(String.format(Locale.ROOT, "seed: %s: %,d %s…", phase, total, unit));
    }

    @Override
    public void step(long done) {
        this.done = done;
        long now = System.nanoTime();
        if (now - lastLine >= intervalNanos && done < total) {
            lastLine = now;
            double seconds = (now - started) / 1e9;
            double rate = done / seconds;
            out.accept(String.format(Locale.ROOT, "seed: %s: %,d / %,d %s (%.0f%%), %s %s/s, about %.0f s left",
                    phase, done, total, unit, 100.0 * done / total, rate(rate), unit, (total - done) / rate));
        }
    }

    @Override
    public void end() {
        double seconds = (System.nanoTime() - started) / 1e9;
        out.accept(String.format(Locale.ROOT, "seed: %s: %,d %s in %.1f s (%s %s/s)", phase, done, unit, seconds,
                rate(seconds > 0 ? done / seconds : 0), unit));
    }

    private static String rate(double perSecond) {
        return String.format(Locale.ROOT, perSecond < 10 ? "%.2f" : "%,.0f", perSecond);
    }
}
