package io.idbench.record;

/**
 * How a run's figures and intervals were taken: the method in words, the interval's level, the bootstrap's draws, the
 * repetitions pooled and the windows each was cut into.
 */
public record Statistics(String method, double level, int replicates, int repetitions, int windowsPerRepetition) {
}
