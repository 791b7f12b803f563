package io.idbench.config;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A known cost added on purpose to chosen SCIM operations ({@code serve --handicap}), so that a
 * regression detector can be tested against a known truth: {@code update:10%} burns CPU for a
 * tenth of each update's own time in the service, {@code read:200us} for 200 µs per read. With
 * {@code :wait} the request waits instead ({@code update:300us:wait}): a statement held on a lock or
 * the disk, which slows that operation alone, where CPU burnt on a busy machine slows every
 * operation by its share of the machine. A handicapped run says so on every page it appears on.
 * Empty: none (the default).
 */
public final class Handicap {
    /** The operations a handicap can name; {@code any} is every SCIM request. */
    public enum Operation {
        ANY, CREATE, READ, SEARCH, UPDATE, REPLACE, DELETE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Extra time: a share of the request's own time so far, or a fixed number of microseconds; burnt on the CPU, or waited
     * ({@code :wait}).
     */
    public record Cost(double percent, long micros, boolean waits) {
        /** Nanoseconds to add to a request that has taken {@code elapsedNanos} so far. */
        public long extraNanos(long elapsedNanos) {
            return percent > 0 ? (long) (elapsedNanos * percent / 100) : micros * 1000;
        }

        @Override
        public String toString() {
            return (percent > 0 ? trim(percent) + "%" : micros + "us") + (waits ? WAIT : "");
        }
    }

    public static final Handicap NONE = new Handicap(Map.of());
    private static final Pattern ITEM = Pattern.compile("([a-z]+):(\\d+(?:\\.\\d+)?)(%|us|ms)(:wait)?");
    private static final String WAIT = ":wait";
    /** A regression of more than 100 % or 1 s per request is not a calibration any more. */
    private static final double MAX_PERCENT = 100;
    private static final long MAX_MICROS = 1_000_000;

    private final Map<Operation, Cost> costs;

    private Handicap(Map<Operation, Cost> costs) {
        this.costs = costs;
    }

    /** {@code op:amount[,op:amount…]}; blank is none. */
    public static Handicap parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        Map<Operation, Cost> costs = new EnumMap<>(Operation.class);
        for (String item : text.split(",")) {
            Matcher m = ITEM.matcher(item.trim());
            if (!m.matches()) {
                throw new ConfigException("handicap '" + item.trim() + "' must be <operation>:<amount>[:wait], e.g. update:10%,"
                        + " read:200us or update:300us:wait (operations: " + operations() + "; amounts: a percentage of the request's own"
                        + " time, us or ms; :wait waits instead of burning CPU)");
            }
            Operation op = operation(m.group(1));
            double amount = Double.parseDouble(m.group(2));
            boolean waits = m.group(4) != null;
            Cost cost = switch (m.group(3)) {
                case "%" -> new Cost(amount, 0, waits);
                case "ms" -> new Cost(0, Math.round(amount * 1000), waits);
                default -> new Cost(0, Math.round(amount), waits);
            };
            if (amount <= 0 || cost.percent() > MAX_PERCENT || cost.micros() > MAX_MICROS) {
                throw new ConfigException("handicap '" + item.trim() + "' must be more than 0 and at most " + trim(MAX_PERCENT)
                        + "% or 1000ms");
            }
            if (costs.put(op, cost) != null) {
                throw new ConfigException("handicap names " + op.id() + " twice");
            }
        }
        return new Handicap(Collections.unmodifiableMap(costs));
    }

    private static Operation operation(String name) {
        for (Operation op : Operation.values()) {
            if (op.id().equals(name)) {
                return op;
            }
        }
        throw new ConfigException("handicap operation '" + name + "' is not one of " + operations());
    }

    private static String operations() {
        return Arrays.stream(Operation.values()).map(Operation::id).collect(Collectors.joining(", "));
    }

    public boolean isNone() {
        return costs.isEmpty();
    }

    /** The cost for {@code op}: its own, else {@code any}'s, else null. */
    public Cost costOf(Operation op) {
        Cost own = costs.get(op);
        return own != null ? own : costs.get(Operation.ANY);
    }

    /** As given, normalised: {@code update:10%,read:200us}; empty for none. */
    @Override
    public String toString() {
        return costs.entrySet().stream().map(e -> e.getKey().id() + ":" + e.getValue()).collect(Collectors.joining(","));
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
