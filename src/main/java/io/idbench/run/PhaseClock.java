package io.idbench.run;

import io.idbench.record.WallTime;
import io.idbench.results.RunStatistics;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When each phase of a run began (epoch ms), kept in memory by the driver as it runs them, so that the record can say where
 * the run's wall time went ({@link WallTime}).
 */
final class PhaseClock {
    static final String BUILD = "build";
    static final String PREPARE = "prepare";
    static final String START = "start";
    static final String READY = "ready";
    static final String STOP = "stop";
    static final String RECORD = "record";

    private final Map<String, Long> marks = new ConcurrentHashMap<>();

    /** The run's clock begins: its JVM started at {@code jvmMs} (Maven's, or the driver's own), its preparation now. */
    void begin(long jvmMs, long nowMs) {
        marks.clear();
        marks.put(BUILD, jvmMs);
        marks.put(PREPARE, nowMs);
    }

    /** A phase began (or the service became ready) at {@code nowMs}. */
    void mark(String phase, long nowMs) {
        marks.put(phase, nowMs);
    }

    /** The epoch ms of a mark, or -1 when it was not made. */
    long at(String phase) {
        return marks.getOrDefault(phase, -1L);
    }

    /** Whether the run's clock began (a run prepared by this driver). */
    boolean began() {
        return marks.containsKey(BUILD);
    }

    /**
     * The wall time by phase, up to {@code nowMs}, JMeter's part cut at its samples ({@code parts}: every repetition of
     * every side, the settling ones too); {@code seedSeconds} the dataset's own time, or null.
     */
    WallTime wallTime(Map<RunStatistics.Part, RunStatistics.Result> parts, Double seedSeconds, long nowMs) {
        long build = at(BUILD);
        long prepare = at(PREPARE);
        long start = at(START);
        long ready = at(READY);
        long stop = at(STOP);
        long record = at(RECORD);
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

    private static Double between(long from, long to) {
        return from > 0 && to >= from ? Math.round((to - from) / 100.0) / 10.0 : null;
    }
}
