package io.idbench.scim.filter;

import java.util.Comparator;

/**
 * Unicode code point order, the order of PostgreSQL's "C" collation on UTF-8 text (byte order of
 * UTF-8 equals code point order). {@link String#compareTo} differs for supplementary characters.
 */
public final class TextOrder {
    public static final Comparator<String> CODE_POINT = TextOrder::compare;

    private TextOrder() {
    }

    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
