package io.idbench.record;

import java.util.Map;

/**
 * A repetition's CPU account: each component over the measured window and {@code requests}; the machine over
 * {@code machineSeconds} (the whole repetition: a machine's share over a second or two is too coarse, its counters tick in
 * 10 ms steps per core); {@code disturbed} says why when others or steal took more than their share, else null.
 */
public record RepetitionCost(double seconds, long requests, Map<String, ComponentCost> components, double machineSeconds,
        MachineState machine, String disturbed) {
}
