package io.idbench.record;

/** How the record's verdicts print a parameter: 5 rather than 5.0, 0.05 as it is. */
public final class Numbers {
    private Numbers() {
    }

    public static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
