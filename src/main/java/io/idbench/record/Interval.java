package io.idbench.record;

/**
 * A figure with its confidence interval, from a bootstrap: {@code logSe} is the standard deviation of the figure's log over
 * the draws, what a verdict combines with the other side's.
 */
public record Interval(double value, double low, double high, double logSe) {

    /** Half the interval's width relative to the value, in %; NaN where it cannot be said. */
    public double halfWidthPct() {
        double half = (high - low) / 2;
        return Double.isFinite(value) && Double.isFinite(half) && value > 0 ? half / value * 100 : Double.NaN;
    }
}
