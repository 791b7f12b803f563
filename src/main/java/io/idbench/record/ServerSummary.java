package io.idbench.record;

/**
 * The service's own time for a label's requests, from its {@code Server-Timing} header: times in ms with three decimals
 * (µs); {@code cpuUs}, the mean CPU time of the request's thread in the service, µs (null when the service did not send it).
 */
public record ServerSummary(long samples, double mean, double p50, double p90, double p95, double p99, double max, Double cpuUs) {
}
