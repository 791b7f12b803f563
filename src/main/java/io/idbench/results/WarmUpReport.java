package io.idbench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.idbench.common.Json;
import io.idbench.record.WarmUp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a plan's steady-state detector wrote of a repetition's warm-up ({@code warmup-<rep>.json}): whether and when (epoch
 * ms) it found the service steady, the windows it compared and their throughput. The CPU and JIT series it keeps for
 * people reading the file are not part of the record.
 */
@JsonIgnoreProperties({"allThreadsAt", "serviceCpuUs", "jmeterJitMs", "serviceJitMs"})
public record WarmUpReport(boolean steady, Long steadyAt, double windowSeconds, double marginPct, List<Double> windows) {

    /** The warm-up of a repetition from its plan's report and its statistics; empty without either. */
    public static Optional<WarmUp> of(Path report, RunStatistics.Result stats) {
        if (!Files.isRegularFile(report) || stats.warmUpFrom() == 0 || stats.measured() == null) {
            return Optional.empty();
        }
        WarmUpReport r;
        try {
            r = Json.mapper().readValue(report.toFile(), WarmUpReport.class);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the warm-up report " + report + ": " + e.getMessage(), e);
        }
        long from = stats.warmUpFrom();
        return Optional.of(new WarmUp(seconds(stats.measured().from() - from), r.steady(),
                r.steady() && r.steadyAt() != null ? seconds(r.steadyAt() - from) : null, r.windowSeconds(), r.marginPct(), r.windows()));
    }

    private static double seconds(long millis) {
        return Math.round(millis / 100.0) / 10.0;
    }
}
