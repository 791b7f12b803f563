package io.idbench.search;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a search sees right after a write (the engines' {@code refresh} parameter on each write).
 * Lookups by a unique key never depend on it: they are answered by the database.
 */
public enum RefreshPolicy {
    /** Near-real-time: visible after the index's next periodic refresh (1 s); writes do not wait. Syncope's behaviour. */
    FALSE("false"),
    /** The write returns once a periodic refresh has made it visible (up to 1 s per write). */
    WAIT_FOR("wait_for"),
    /** Every write forces a refresh: visible at once, at the engine's cost. */
    TRUE("true");

    private final String parameter;

    RefreshPolicy(String parameter) {
        this.parameter = parameter;
    }

    /** The value of the engines' {@code refresh} request parameter. */
    public String parameter() {
        return parameter;
    }

    public static RefreshPolicy of(String text) {
        for (RefreshPolicy p : values()) {
            if (p.parameter.equals(text == null ? null : text.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("search refresh must be one of " + names() + ", was '" + text + "'");
    }

    public static String names() {
        return Arrays.stream(values()).map(RefreshPolicy::parameter).collect(Collectors.joining(", "));
    }
}
