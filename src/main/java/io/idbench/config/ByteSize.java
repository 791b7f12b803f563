package io.idbench.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size on disk as people write it: {@code 500MB}, {@code 20GB}, {@code 1.5TB} or plain bytes. Units are powers of 1024, as
 * in PostgreSQL's settings and the JVM's -Xmx, so {@code 1GB} is 1,073,741,824 bytes.
 */
public final class ByteSize {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kKmMgGtT]?)(?:i?[bB])?");
    private static final String UNITS = "kMGT";

    private ByteSize() {
    }

    /** The bytes {@code text} names; {@code what} opens the error message. */
    public static long parse(String what, String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new ConfigException(what + " must be a size such as 500MB, 20GB or a number of bytes, was '" + text + "'");
        }
        int power = m.group(2).isEmpty() ? 0 : UNITS.indexOf(m.group(2).toUpperCase(Locale.ROOT).replace('K', 'k')) + 1;
        double bytes = Double.parseDouble(m.group(1)) * Math.pow(1024, power);
        if (bytes >= Long.MAX_VALUE) {
            throw new ConfigException(what + " is too large, was '" + text + "'");
        }
        return (long) bytes;
    }

    /** For people: {@code 1.9 GiB}, {@code 412 MiB}, {@code 12 kiB}, {@code 80 B}. */
    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        int power = Math.min(UNITS.length(), (int) (Math.log(bytes) / Math.log(1024)));
        double value = bytes / Math.pow(1024, power);
        return String.format(Locale.ROOT, value < 10 ? "%.1f %siB" : "%.0f %siB", value, UNITS.charAt(power - 1));
    }
}
