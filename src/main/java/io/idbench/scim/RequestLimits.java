package io.idbench.scim;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Function;

/**
 * What one request may ask of the service, so that no client input costs more than a bounded
 * amount of memory, CPU or database time (docs/service.md, "Limits and faults"). Each limit is checked before the
 * work it bounds starts, and a request past one gets a 4xx naming the limit.
 */
public final class RequestLimits {
    /** A request body, however it is framed (Content-Length or chunked). */
    public static final long MAX_BODY_BYTES = 2_000_000L;
    /** A filter's text (query parameter, search request or PATCH path). */
    public static final int MAX_FILTER_LENGTH = 4_096;
    /** Comparisons and presence tests in one filter: beyond this, 400 tooMany. */
    public static final int MAX_FILTER_TERMS = 50;
    /** Parentheses and brackets nested in a filter or path. */
    public static final int MAX_NESTING = 16;
    /**
     * A string, reference or binary value, in UTF-8 bytes. Values are indexed (case-folded, and in
     * the relational storage beside the original), and PostgreSQL's btree holds at most ~2,700 bytes
     * per entry: two 1,024-byte copies and the key columns fit.
     */
    public static final int MAX_STRING_BYTES = 1_024;

    private RequestLimits() {
    }

    /**
     * Checks a filter or path text before it is parsed: its length, that every bracket and
     * parenthesis outside string literals is closed, and how deep they nest. The parser recurses
     * per level, so an unbounded depth would end in a stack overflow.
     */
    public static void checkExpression(String text, String what, Function<String, ScimException> error) {
        if (text.length() > MAX_FILTER_LENGTH) {
            throw error.apply("The " + what + " is " + text.length() + " characters long; at most " + MAX_FILTER_LENGTH
                    + " are allowed");
        }
        StringBuilder open = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    quoted = false;
                }
                continue;
            }
            switch (c) {
                case '"' -> quoted = true;
                case '(', '[' -> {
                    open.append(c);
                    if (open.length() > MAX_NESTING) {
                        throw error.apply("The " + what + " nests parentheses and brackets more than " + MAX_NESTING
                                + " deep: '" + abbreviate(text) + "'");
                    }
                }
                case ')', ']' -> {
                    char expected = c == ')' ? '(' : '[';
                    if (open.isEmpty() || open.charAt(open.length() - 1) != expected) {
                        throw error.apply("Invalid " + what + " '" + abbreviate(text) + "': unbalanced '" + c
                                + "' at position " + i);
                    }
                    open.setLength(open.length() - 1);
                }
                default -> {
                }
            }
        }
        if (quoted) {
            throw error.apply("Invalid " + what + " '" + abbreviate(text) + "': unterminated string literal");
        }
        if (!open.isEmpty()) {
            char c = open.charAt(open.length() - 1);
            throw error.apply("Invalid " + what + " '" + abbreviate(text) + "': unclosed '" + c + "' ('"
                    + (c == '(' ? ')' : ']') + "' expected)");
        }
    }

    /**
     * Checks a string value a client wants stored or compared: PostgreSQL cannot hold U+0000 in
     * text or jsonb, and indexes bound its length.
     *
     * @return null when the value is acceptable, else why not
     */
    public static String stringProblem(String value) {
        String problem = characterProblem(value);
        if (problem != null) {
            return problem;
        }
        if (value.length() * 3 > MAX_STRING_BYTES) { // cheap bound before counting UTF-8 bytes
            int bytes = value.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_STRING_BYTES) {
                return "is " + bytes + " bytes long in UTF-8; at most " + MAX_STRING_BYTES + " are allowed";
            }
        }
        return null;
    }

    /**
     * What no stored value can hold, so no comparison may ask for it either: U+0000, and UTF-16
     * surrogates without their pair (JSON lets {@code "\\uD800"} through; it is no character, and
     * UTF-8, hence PostgreSQL, cannot hold it: it was stored as '?').
     *
     * @return null when the value is acceptable, else why not
     */
    public static String characterProblem(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\u0000') {
                return "contains the character U+0000, which cannot be stored";
            }
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return "contains an unpaired surrogate \\u" + Integer.toHexString(c).toUpperCase(Locale.ROOT) + " at position " + i
                        + ", which is not a Unicode character";
            }
        }
        return null;
    }

    static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
