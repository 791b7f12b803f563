package io.idbench.results;

/**
 * Welch-Satterthwaite: the degrees of freedom of a sum of two variances, each known (infinite degrees of freedom) or
 * estimated with its own; what every t test and interval of idbench that adds the machine's noise to a measured error uses.
 */
final class Welch {
    private Welch() {
    }

    /** (v1 + v2)² / (v1² / df1 + v2² / df2), a known or zero variance adding nothing below; infinite when nothing is estimated. */
    static double degreesOfFreedom(double variance1, double df1, double variance2, double df2) {
        double sum = variance1 + variance2;
        double below = term(variance1, df1) + term(variance2, df2);
        return below == 0 ? Double.POSITIVE_INFINITY : sum * sum / below;
    }

    private static double term(double variance, double df) {
        return variance == 0 || Double.isInfinite(df) ? 0 : variance * variance / df;
    }
}
