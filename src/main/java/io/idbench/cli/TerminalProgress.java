package io.idbench.cli;

import io.idbench.seed.SeedProgress;
import java.util.function.Consumer;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** The seed's phases as progress bars with rate and ETA (me.tongfei progressbar), for a terminal. */
final class TerminalProgress implements SeedProgress {
    private ProgressBar bar;

    @Override
    public void start(String phase, long total, String unit) {
        bar = new ProgressBarBuilder().setTaskName(phase).setInitialMax(total).setUnit(" " + unit, 1).showSpeed()
                .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setUpdateIntervalMillis(250)
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
    }

    @Override
    public void step(long done) {
        bar.stepTo(done);
    }

    @Override
    public void end() {
        bar.close();
    }

    /** A bar on a terminal, plain lines every 5 s otherwise (Maven, CI, a redirected output). */
    static SeedProgress forOutput(Consumer<String> lines) {
        return System.console() != null ? new TerminalProgress() : new io.idbench.seed.PlainProgress(lines, 5_000);
    }
}
