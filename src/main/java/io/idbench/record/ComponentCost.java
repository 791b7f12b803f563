package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One component's cost in a window (the service, PostgreSQL, the engine, JMeter, the harness): CPU, context switches, and
 * the bytes its processes read from the disk (null in records before they were sampled).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ComponentCost(double cpuMs, double cpuUsPerRequest, double switches, double switchesPerRequest, Double readBytes) {
    public ComponentCost(double cpuMs, double cpuUsPerRequest, double switches, double switchesPerRequest) {
        this(cpuMs, cpuUsPerRequest, switches, switchesPerRequest, null);
    }
}
