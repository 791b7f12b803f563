package io.idbench.run;

import io.idbench.record.WallTime;
import io.idbench.results.RunStatistics;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * When each step of the build began, kept in the run's directory ({@code clock.properties}, epoch ms) by the steps as they
 * run, so that the record can say where the run's wall time went ({@link WallTime}).
 */
final class PhaseClock {
    static final String BUILD = "build";
    static final String PREPARE = "prepare";
    static final String START = "start";
    static final String READY = "ready";
    static final String STOP = "stop";
    static final String RECORD = "record";

    private final Path file;

    PhaseClock(Path file) {
        this.file = file;
    }

    /** A fresh clock for a run: the build began at {@code buildMs} (Maven's JVM started), the run's preparation now. */
    void begin(long buildMs, long nowMs) {
        Properties p = new Properties();
        p.setProperty(BUILD, "" + buildMs);
        p.setProperty(PREPARE, "" + nowMs);
        write(p);
    }

    /** A step began (or the service became ready) at {@code nowMs}. */
    void mark(String phase, long nowMs) {
        Properties p = read();
        p.setProperty(phase, "" + nowMs);
        write(p);
    }

    /** The epoch ms of a mark, or -1 when it was not made. */
    long at(String phase) {
        return Long.parseLong(read().getProperty(phase, "-1"));
    }

    /**
     * The wall time by phase, up to {@code nowMs}, JMeter's part cut at its samples ({@code parts}: every repetition of
     * every side, the settling ones too); {@code seedSeconds} the dataset's own time, or null.
     */
    WallTime wallTime(Map<RunStatistics.Part, RunStatistics.Result> parts, Double seedSeconds, long nowMs) {
        Properties p = read();
        long build = get(p, BUILD);
        long prepare = get(p, PREPARE);
        long start = get(p, START);
        long ready = get(p, READY);
        long stop = get(p, STOP);
        long record = get(p, RECORD);
        long settleFrom = warmUpFrom(parts, true);
        long measuredFrom = warmUpFrom(parts, false);
        long measuredTo = parts.entrySet().stream().filter(e -> !e.getKey().settling()).mapToLong(e -> e.getValue().measured().to())
                .max().orElse(-1);
        return new WallTime(between(build, start > 0 ? start : prepare), between(start, ready), seedSeconds,
                between(ready, settleFrom > 0 ? settleFrom : measuredFrom), between(settleFrom, measuredFrom),
                between(measuredFrom, measuredTo), between(measuredTo, stop), between(stop, record), between(record, nowMs),
                between(build, nowMs));
    }

    /** The first warm-up sample of the settling repetitions, or of the measured ones; -1 when there is none. */
    private static long warmUpFrom(Map<RunStatistics.Part, RunStatistics.Result> parts, boolean settling) {
        return parts.entrySet().stream().filter(e -> e.getKey().settling() == settling).mapToLong(e -> e.getValue().warmUpFrom())
                .filter(t -> t > 0).min().orElse(-1);
    }

    private static long get(Properties p, String phase) {
        return Long.parseLong(p.getProperty(phase, "-1"));
    }

    private static Double between(long from, long to) {
        return from > 0 && to >= from ? Math.round((to - from) / 100.0) / 10.0 : null;
    }

    private Properties read() {
        Properties p = new Properties();
        if (Files.isRegularFile(file)) {
            try (Reader r = Files.newBufferedReader(file)) {
                p.load(r);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return p;
    }

    private void write(Properties p) {
        try {
            StringWriter w = new StringWriter();
            p.store(w, "when each step of the build began, epoch ms");
            Files.writeString(file, w.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
