package io.idbench.record;

import java.util.List;

/**
 * How a repetition's warm-up went: how long it lasted (from its first sample to the first measured one, ramp-up included),
 * whether the plan's steady-state detector found the service steady and after how long, and the throughput of the windows
 * it compared.
 *
 * @param seconds            first warm-up sample to first measured sample
 * @param steady             three consecutive windows agreed; false: the warm-up hit its cap
 * @param steadyAfterSeconds first warm-up sample to the decision (null when not steady)
 * @param windows            all threads' throughput per window, req/s, from the moment every thread ran
 */
public record WarmUp(double seconds, boolean steady, Double steadyAfterSeconds, double windowSeconds, double marginPct,
        List<Double> windows) {
}
