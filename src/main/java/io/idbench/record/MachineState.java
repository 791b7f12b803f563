package io.idbench.record;

/**
 * The machine in a window: busy, iowait, steal and others as % of all cores' time, context switches per second, and
 * {@code probeUs}: the CPU µs the speed probe's fixed work took (higher: a slower CPU; NaN without probes), and
 * {@code memoryNs}: the CPU ns one dependent read from memory took (higher: slower memory; absent in records from before it).
 */
public record MachineState(double busyPct, double iowaitPct, double stealPct, double othersPct, double switchesPerSecond,
        double probeUs, Double memoryNs) {
}
