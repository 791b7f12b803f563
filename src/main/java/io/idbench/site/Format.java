package io.idbench.site;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Numbers as every page writes them: a measured figure to three significant digits with thousands separators (2,570 req/s,
 * 4.36 ms, 0.0128 ms), a count exactly (15,823 requests), a ratio with its interval (2.29x [1.65, 3.18]), a change in %
 * (+15.0 %). NaN and infinities are "–".
 */
public final class Format {
    /** What a missing figure is written as. */
    public static final String NONE = "–";
    private static final MathContext THREE = new MathContext(3, RoundingMode.HALF_EVEN);

    private Format() {
    }

    /** A measured figure: three significant digits, thousands separated, no exponent. */
    public static String figure(double v) {
        if (!Double.isFinite(v)) {
            return NONE;
        }
        if (v == 0) {
            return "0";
        }
        BigDecimal rounded = new BigDecimal(v).round(THREE);
        int decimals = Math.max(0, rounded.scale() + THREE.getPrecision() - rounded.precision());
        DecimalFormat f = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setMinimumFractionDigits(decimals);
        f.setMaximumFractionDigits(decimals);
        f.setRoundingMode(RoundingMode.HALF_EVEN);
        return f.format(rounded);
    }

    /** A count: exact, thousands separated. */
    public static String count(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,d", Math.round(v)) : NONE;
    }

    /** A ratio: three significant digits (0.0005x stays 0.000500x, not 0.00x). */
    public static String times(double ratio) {
        return figure(ratio);
    }

    /** "2.29x [1.65, 3.18]": a ratio with its 95 % interval. */
    public static String ratio(double value, double low, double high) {
        return times(value) + "x [" + times(low) + ", " + times(high) + "]";
    }

    /** A change in %, signed: "+15.0 %", "−3.2 %". */
    public static String change(double pct) {
        if (!Double.isFinite(pct)) {
            return NONE;
        }
        String digits = figure(Math.abs(pct));
        return (pct > 0 ? "+" : pct < 0 ? "−" : "±") + digits + " %";
    }

    /** A change with its interval: "+15.0 % [+5.1, +26.0]". */
    public static String change(double pct, double low, double high) {
        return change(pct) + " [" + signed(low) + ", " + signed(high) + "]";
    }

    private static String signed(double pct) {
        return (pct > 0 ? "+" : pct < 0 ? "−" : "") + figure(Math.abs(pct));
    }

    /** "1 run", "2 runs": a count with its noun, singular or plural. */
    public static String plural(long n, String noun) {
        if (n == 1) {
            return count(n) + " " + noun;
        }
        if (noun.matches(".*[^aeiou]y")) {
            return count(n) + " " + noun.substring(0, noun.length() - 1) + "ies";
        }
        return count(n) + " " + (noun.matches(".*(s|x|ch|sh)") ? String.format("%ses", noun) : noun + "s");
    }

    /** Bytes as people read them: 24 GiB, 512 MiB, 980 KiB. */
    public static String bytes(double bytes) {
        if (!Double.isFinite(bytes)) {
            return NONE;
        }
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        double v = bytes;
        while (Math.abs(v) >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return figure(v) + " " + units[u];
    }
}
