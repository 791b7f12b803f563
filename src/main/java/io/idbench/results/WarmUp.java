package io.idbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a repetition's warm-up went: how long it lasted (from its first sample to the first
 * measured one, ramp-up included), whether the plan's steady-state detector found the service
 * steady and after how long, and the throughput of the windows it compared.
 *
 * @param seconds            first warm-up sample to first measured sample
 * @param steady             three consecutive windows agreed; false: the warm-up hit its cap
 * @param steadyAfterSeconds first warm-up sample to the decision (null when not steady)
 * @param windows            all threads' throughput per window, req/s, from the moment every thread ran
 */
public record WarmUp(double seconds, boolean steady, Double steadyAfterSeconds, double windowSeconds, double marginPct,
        List<Double> windows) {

    /** The warm-up of a repetition from its plan's report and its statistics; empty without either. */
    public static Optional<WarmUp> of(Path report, RunStatistics.Result stats) {
        if (!Files.isRegularFile(report) || stats.warmUpFrom() == 0 || stats.measured() == null) {
            return Optional.empty();
        }
        JsonNode r;
        try {
            r = Json.mapper().readTree(report.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the warm-up report " + report + ": " + e.getMessage(), e);
        }
        long from = stats.warmUpFrom();
        List<Double> windows = new ArrayList<>();
        r.path("windows").forEach(w -> windows.add(w.asDouble()));
        boolean steady = r.path("steady").asBoolean();
        return Optional.of(new WarmUp(seconds(stats.measured().from() - from), steady,
                steady ? seconds(r.path("steadyAt").asLong() - from) : null, r.path("windowSeconds").asDouble(),
                r.path("marginPct").asDouble(), windows));
    }

    private static double seconds(long millis) {
        return Math.round(millis / 100.0) / 10.0;
    }
}
