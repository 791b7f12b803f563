package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One JMeter engine of a distributed run: its measured samples, and when the plan read its CPU, that CPU over its measured
 * windows (% of one core, µs per request) and its cores.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JmeterEngine(long samples, double measuredSeconds, Double cpuMs, Double cpuPctOfOneCore, Double cpuUsPerRequest,
        Integer cores) {
}
