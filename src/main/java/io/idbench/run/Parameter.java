package io.idbench.run;

import io.idbench.record.Numbers;

/**
 * One parameter of a benchmark run, as a scenario file, a profile or {@code -D<key>=<value>} sets it.
 *
 * @param key          the name in parameters/*.properties and after -D
 * @param defaultValue the value when nothing sets it ("" = unset)
 * @param serveOption  the {@code idbench serve} option it becomes, or null for a parameter of the run itself
 * @param secret       stripped from every record
 * @param description  one line for --help, docs/parameters.md and errors
 * @param bounds       the least and greatest number it takes, or null when it is not a number checked here
 */
public record Parameter(String key, String defaultValue, String serveOption, boolean secret, String description, Bounds bounds) {

    /** The least and greatest value of a numeric parameter ({@code max} infinite: no upper bound). */
    public record Bounds(double min, double max) {
        /** As docs/parameters.md writes it: "1 to 1000", or "at least 0". */
        public String text() {
            return Double.isInfinite(max) ? "at least " + Numbers.trim(min) : Numbers.trim(min) + " to " + Numbers.trim(max);
        }

        /** As a refusal says it: "between 1 and 1000", or "at least 0". */
        String refusal() {
            return Double.isInfinite(max) ? text() : "between " + Numbers.trim(min) + " and " + Numbers.trim(max);
        }
    }

    /** The same parameter, taking numbers from min to max only. */
    Parameter within(double min, double max) {
        return new Parameter(key, defaultValue, serveOption, secret, description, new Bounds(min, max));
    }

    /** Whether the service under test (not the load) is configured by it. */
    public boolean provisioning() {
        return serveOption != null;
    }
}
