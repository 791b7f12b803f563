package io.idbench.common;

/**
 * The W3C {@code Server-Timing} header a SCIM server under test sends with every answer: {@code app;dur=<ms>, cpu;dur=<ms>}
 * (µs resolution), its own time and its thread's CPU time. The plans read both values by their boundaries
 * ({@code app;dur=} to the comma, {@code cpu;dur=} to the line's end), so every server idbench runs writes them here.
 */
public final class ServerTiming {
    public static final String HEADER = "Server-Timing";

    private ServerTiming() {
    }

    /** The header's value for a request that took wallMicros and cpuMicros. */
    public static String value(long wallMicros, long cpuMicros) {
        return "app;dur=" + millis(wallMicros) + ", cpu;dur=" + millis(cpuMicros);
    }

    /** Microseconds as milliseconds with three decimals, built without String.format: it is on every request's path. */
    static String millis(long micros) {
        long frac = micros % 1000;
        return micros / 1000 + (frac < 10 ? ".00" : frac < 100 ? ".0" : ".") + frac;
    }
}
