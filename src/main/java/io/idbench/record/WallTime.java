package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a run's wall time went, in seconds, from its JVM's start to its record, phase by phase; a phase that was not
 * timed is null. Phases that JMeter runs are cut at its samples: each measured repetition's populate and teardown count
 * with the repetitions.
 *
 * @param build       compiling, packaging and preparing the run: from its JVM's start (Maven's, or idbench run's; a matrix's
 *                    later scenario: the previous one's end) to the service's start
 * @param start       the start: PostgreSQL (and the engine) provisioned, the dataset loaded or reused, the service
 *                    started until it answers
 * @param seed        of {@code start}, the dataset loaded or reused (the seed record's own time)
 * @param jmeterStart from the service ready to the first warm-up sample: JMeter configured and started, the login, the
 *                    first populate
 * @param settle      the first warm-up and the settling repetitions, to the first measured repetition's warm-up
 * @param repetitions the measured repetitions, from the first one's warm-up to the last measured sample
 * @param jmeterEnd   from the last measured sample to the stop: the last teardown, JMeter's exit (and its dashboard, when asked for)
 * @param stop        the stop: the service's telemetry collected and its processes stopped
 * @param record      the record, to this record (the site is written after it)
 * @param total       from its JVM's start to this record
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WallTime(Double build, Double start, Double seed, Double jmeterStart, Double settle, Double repetitions,
        Double jmeterEnd, Double stop, Double record, Double total) {

    /** The phases that were timed, in order, by the names the build and the run page give them (the dataset's within start). */
    public Map<String, Double> named() {
        Map<String, Double> out = new LinkedHashMap<>();
        put(out, "build", build);
        put(out, "start", start);
        put(out, "of which the dataset", seed);
        put(out, "JMeter's start", jmeterStart);
        put(out, "first warm-up and settling", settle);
        put(out, "measured repetitions", repetitions);
        put(out, "JMeter's end", jmeterEnd);
        put(out, "stop", stop);
        put(out, "record", record);
        return out;
    }

    /** "4 min 12 s: build 45 s · start 14 s (of which the dataset 2 s) · …", or "" when the total was not timed. */
    public String summary() {
        if (total == null) {
            return "";
        }
        StringBuilder line = new StringBuilder(readable(total)).append(':');
        String sep = " ";
        for (Map.Entry<String, Double> e : named().entrySet()) {
            boolean within = e.getKey().startsWith("of which");
            line.append(within ? " (" : sep).append(e.getKey()).append(' ').append(readable(e.getValue())).append(within ? ")" : "");
            sep = " · ";
        }
        return line.toString();
    }

    /** "4 min 12 s", "38.5 s": seconds as people read a wall time. */
    public static String readable(double seconds) {
        if (seconds < 60) {
            return Numbers.trim(Math.round(seconds * 10) / 10.0) + " s";
        }
        long s = Math.round(seconds);
        return s / 60 + " min " + s % 60 + " s";
    }

    private static void put(Map<String, Double> out, String name, Double seconds) {
        if (seconds != null) {
            out.put(name, seconds);
        }
    }
}
