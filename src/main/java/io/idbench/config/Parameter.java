package io.idbench.config;

import java.math.BigDecimal;
import java.util.List;

/**
 * One parameter of a benchmark run, as a scenario file, a profile or {@code -D<key>=<value>} sets it: declared once in
 * {@link Parameters#ALL}, from which the record's shape, the like-with-like rules, the service's options and
 * docs/parameters.md are derived.
 *
 * @param key            the name in parameters/*.properties and after -D
 * @param type           what it takes
 * @param defaultValue   the value when nothing sets it ("" = unset)
 * @param role           what it is to a comparison of runs
 * @param serveOption    the {@code idbench serve} option it becomes, or null for a parameter of the run itself
 * @param description    its meaning, as docs/parameters.md writes it (Markdown)
 * @param bounds         the least and greatest number it takes, or null when it is not a number checked by the run
 * @param choices        the values a choice takes, in their order (empty for other types)
 * @param recordedLater  a shape parameter the first records lack: they had its default
 */
public record Parameter(String key, Type type, String defaultValue, Role role, String serveOption, String description,
        Bounds bounds, List<String> choices, boolean recordedLater) {

    /** What a parameter is to a comparison: only runs alike in their axes' and shape's values answer a question together. */
    public enum Role {
        /** What is measured, the questions' axes: the store's storage, search, memberships and size. */
        AXIS,
        /** Which requests are sent: the plan and the client it speaks as. A scenario overridden on it is another scenario. */
        WORKLOAD,
        /** How hard and how long the workload is driven: threads, loops, rates, warm-up. */
        LOAD,
        /** How the store is deployed: replicas, an engine's cluster, memory bounds, remote JMeter engines. */
        SHAPE,
        /** How the run is carried out, recorded and judged, or a setting that does not make runs incomparable. */
        OPTION,
        /** A password or token: written as {@code ***} in every record. */
        SECRET;

        /** Its name in docs/parameters.md and --help. */
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** Whether two runs differing in it are different experiments (a baseline, a trend, a curve never joins them). */
        public boolean comparability() {
            return this == AXIS || this == WORKLOAD || this == LOAD || this == SHAPE;
        }
    }

    /** What a parameter's value is; numbers are checked against their {@link Bounds}. */
    public enum Type {
        TEXT, WHOLE, NUMBER, FLAG, CHOICE
    }

    /** The least and greatest value of a numeric parameter ({@code max} infinite: no upper bound). */
    public record Bounds(double min, double max) {
        /** As docs/parameters.md writes it: "1 to 1000", or "at least 0". */
        public String text() {
            return Double.isInfinite(max) ? "at least " + plain(min) : plain(min) + " to " + plain(max);
        }

        /** As a refusal says it: "between 1 and 1000", or "at least 0". */
        public String refusal() {
            return Double.isInfinite(max) ? text() : "between " + plain(min) + " and " + plain(max);
        }

        private static String plain(double d) {
            return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
        }
    }

    public Parameter {
        choices = List.copyOf(choices);
        if (bounds != null && type != Type.WHOLE && type != Type.NUMBER) {
            throw new IllegalArgumentException(key + ": only a number is declared with bounds");
        }
        if ((type == Type.CHOICE) == choices.isEmpty()) {
            throw new IllegalArgumentException(key + ": a choice, and only a choice, is declared with its values");
        }
        if (recordedLater && !role.comparability()) {
            throw new IllegalArgumentException(key + ": only what makes runs comparable is recorded later");
        }
    }

    /** Whether the service under test (not the load) is configured by it. */
    public boolean provisioning() {
        return serveOption != null;
    }

    public boolean secret() {
        return role == Role.SECRET;
    }

    /** The same parameter, an option of {@code idbench serve}. */
    Parameter serve(String option) {
        return new Parameter(key, type, defaultValue, role, option, description, bounds, choices, recordedLater);
    }

    /** The same parameter, one that the first records lack (they had its default). */
    Parameter later() {
        return new Parameter(key, type, defaultValue, role, serveOption, description, bounds, choices, true);
    }

    /** Its description as a terminal shows it: Markdown's links and code marks removed. */
    public String plainDescription() {
        return description.replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1").replace("`", "");
    }

    /** The keys of {@code parameters}, in their order. */
    public static List<String> keys(List<Parameter> parameters) {
        return parameters.stream().map(Parameter::key).toList();
    }
}
