package io.idbench.record;

/** One figure across a run's repetitions: their median, least and most, and (max - min) / median in %. */
public record Spread(double median, double min, double max, double spreadPct) {
}
