package io.idbench.record;

/** One component's cost in a window (the service, PostgreSQL, the engine, JMeter, the harness): CPU and context switches. */
public record ComponentCost(double cpuMs, double cpuUsPerRequest, double switches, double switchesPerRequest) {
}
