package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * A long run over time (a soak: one repetition measured for a while): its measured span cut into equal slices, each with
 * its throughput and p95 over all operations and what the system under test held meanwhile; and each figure's slope per
 * hour, fitted over the slices, with its 95 % interval. A leak is a slope whose interval lies above zero.
 *
 * @param sliceSeconds how long a slice is (the last one may be shorter)
 * @param perHour      each figure's slope per hour, by the name of the slice's field ({@code p95Ms}, {@code servicePssBytes},
 *                     …); figures no slice has are left out
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Timeline(double sliceSeconds, List<Slice> slices, Map<String, Slope> perHour) {

    /**
     * One slice: from when (s since the first measured sample), how long, its samples by their end and the errors among
     * them, their throughput (req/s) and p95 (ms), and the means of the resource samples taken within it (null when none
     * was: a run without the resource sampler).
     *
     * @param servicePssBytes       the service's proportional set size (all its replicas' and children's but PostgreSQL's)
     * @param postgresqlPssBytes    PostgreSQL's, all its processes (its shared buffers counted once)
     * @param enginePssBytes        the search engine's, when one runs beside PostgreSQL
     * @param serviceFds            the service's open file descriptors
     * @param postgresqlFds         PostgreSQL's, all its processes
     * @param serviceThreads        the service's threads
     * @param postgresqlConnections PostgreSQL's client backends
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Slice(double fromSeconds, double seconds, long samples, long errors, double throughput, double p95Ms,
            Double servicePssBytes, Double postgresqlPssBytes, Double enginePssBytes, Double serviceFds, Double postgresqlFds,
            Double serviceThreads, Double postgresqlConnections) {
    }

    /** A least-squares slope per hour and its 95 % interval (Student's t over the slices). */
    public record Slope(double value, double low, double high) {

        /** Whether the figure grows for sure: the whole interval above zero. */
        public boolean grows() {
            return low > 0;
        }
    }
}
