package io.idbench.store;

import java.util.ArrayList;
import java.util.List;

/**
 * SQL text with its bind parameters, built side by side so a value can only ever enter a
 * statement as a parameter. Identifiers appended as text come from the schema registry, never
 * from a request.
 */
public final class Sql {
    private final StringBuilder text = new StringBuilder(256);
    private final List<Object> params = new ArrayList<>();

    public Sql append(String sql) {
        text.append(sql);
        return this;
    }

    /** Appends another fragment, text and parameters. */
    public Sql append(Sql other) {
        text.append(other.text);
        params.addAll(other.params);
        return this;
    }

    /** Appends a {@code ?} placeholder bound to {@code value}. */
    public Sql param(Object value) {
        text.append('?');
        params.add(value);
        return this;
    }

    public String text() {
        return text.toString();
    }

    public List<Object> params() {
        return params;
    }

    /** A string literal for LIKE with %, _ and the escape character escaped. */
    public static String likeEscape(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
