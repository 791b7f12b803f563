package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The intervals to read when this run is set beside a separate run: each figure's within-run interval ({@code intervals} of
 * the record) widened by how much the figure moves from one run to the next on this machine, which no single run sees
 * (docs/measurement.md). {@code source}: where that run-to-run noise came from (the earlier runs of the scenario, or the
 * default).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record BetweenRuns(String source, Map<String, Map<String, Interval>> intervals) {

    public BetweenRuns {
        intervals = intervals == null ? Map.of() : intervals;
    }

    /** A figure's between-runs interval, or null. */
    public Interval interval(String label, String figure) {
        return intervals.getOrDefault(label, Map.of()).get(figure);
    }
}
