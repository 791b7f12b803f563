package io.idbench.results;

import io.idbench.record.Cost;
import io.idbench.record.Interval;
import io.idbench.record.MachineState;
import io.idbench.record.RepetitionCost;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

/**
 * A run's cost per request over its repetitions' measured windows: CPU µs per request of each
 * component, and of the system under test (service + PostgreSQL + engine), pooled (all CPU over
 * all requests: the clock's 10 ms ticks add up instead of rounding each repetition), with a
 * bootstrap interval over the repetitions; and the machine's state over the same windows, which
 * says whether the run was disturbed by other processes.
 */
public final class RunCost {
    /** The system under test: what a storage strategy costs, without the load generator and the build. */
    public static final String SYSTEM_UNDER_TEST = Cost.SYSTEM_UNDER_TEST;
    private static final List<String> SUT = List.of("service", "postgresql", "engine");

    private RunCost() {
    }

    public static Cost of(List<RepetitionCost> reps, long seed) {
        Map<String, Interval> cpu = new LinkedHashMap<>();
        Map<String, Double> switches = new LinkedHashMap<>();
        Map<String, Double> reads = new LinkedHashMap<>();
        long requests = Math.max(1, reps.stream().mapToLong(RepetitionCost::requests).sum());
        List<String> names = new ArrayList<>(CpuAccount.OWN);
        names.add(SYSTEM_UNDER_TEST);
        for (String c : names) {
            ToDoubleFunction<RepetitionCost> ms = w -> c.equals(SYSTEM_UNDER_TEST)
                    ? SUT.stream().mapToDouble(s -> w.components().get(s).cpuMs()).sum() : w.components().get(c).cpuMs();
            if (reps.stream().anyMatch(w -> !c.equals(SYSTEM_UNDER_TEST) && !w.components().containsKey(c))) {
                continue;
            }
            cpu.put(c, pooled(reps, ms, seed ^ c.hashCode()));
            if (!c.equals(SYSTEM_UNDER_TEST)) {
                double sw = reps.stream().mapToDouble(w -> w.components().get(c).switches()).sum();
                switches.put(c, round(sw / requests));
                if (reps.stream().allMatch(w -> w.components().get(c).readBytes() != null)) {
                    reads.put(c, round(reps.stream().mapToDouble(w -> w.components().get(c).readBytes()).sum() / 1024 / requests));
                }
            }
        }
        double seconds = reps.stream().mapToDouble(RepetitionCost::machineSeconds).sum();
        double[] probes = reps.stream().mapToDouble(w -> w.machine().probeUs()).filter(Double::isFinite).toArray();
        double[] memory = reps.stream().map(w -> w.machine().memoryNs()).filter(v -> v != null && Double.isFinite(v))
                .mapToDouble(Double::doubleValue).toArray();
        MachineState machine = new MachineState(weighted(reps, m -> m.busyPct(), seconds),
                weighted(reps, m -> m.iowaitPct(), seconds), weighted(reps, m -> m.stealPct(), seconds),
                weighted(reps, m -> m.othersPct(), seconds), weighted(reps, m -> m.switchesPerSecond(), seconds),
                probes.length == 0 ? Double.NaN : Bootstrap.median(probes), memory.length == 0 ? null : Bootstrap.median(memory));
        String disturbed = machine.othersPct() > CpuAccount.DISTURBED_OTHERS_PCT
                ? String.format(Locale.ROOT, "other processes used %.1f%% of the machine during the repetitions"
                        + " (more than %.0f%%)", machine.othersPct(), CpuAccount.DISTURBED_OTHERS_PCT)
                : machine.stealPct() > CpuAccount.DISTURBED_STEAL_PCT
                        ? String.format(Locale.ROOT, "the hypervisor stole %.1f%% of the CPU during the repetitions"
                                + " (more than %.0f%%)", machine.stealPct(), CpuAccount.DISTURBED_STEAL_PCT)
                        : null;
        return new Cost(cpu, switches, machine, disturbed, reps.size(), reads.isEmpty() ? null : reads);
    }

    /** All CPU over all requests, µs; its interval from the repetitions drawn with replacement. */
    private static Interval pooled(List<RepetitionCost> reps, ToDoubleFunction<RepetitionCost> ms, long seed) {
        double value = ratio(reps, ms, null);
        if (reps.size() < 2) {
            return new Interval(round(value), round(value), round(value), Double.NaN);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] draws = new double[Bootstrap.REPLICATES];
        int[] pick = new int[reps.size()];
        for (int b = 0; b < draws.length; b++) {
            for (int i = 0; i < pick.length; i++) {
                pick[i] = random.nextInt(reps.size());
            }
            draws[b] = ratio(reps, ms, pick);
        }
        Arrays.sort(draws);
        double alpha = (1 - Bootstrap.LEVEL) / 2 * 100;
        double[] logs = Arrays.stream(draws).map(d -> Math.log(Math.max(d, 1e-6))).toArray();
        double mean = Arrays.stream(logs).average().orElse(0);
        double se = Math.sqrt(Arrays.stream(logs).map(l -> (l - mean) * (l - mean)).sum() / (logs.length - 1));
        return new Interval(round(value), round(Math.min(value, Quantiles.of(draws, alpha, 0))),
                round(Math.max(value, Quantiles.of(draws, 100 - alpha, 0))), se);
    }

    private static double ratio(List<RepetitionCost> reps, ToDoubleFunction<RepetitionCost> ms, int[] pick) {
        double cpu = 0;
        long requests = 0;
        int n = pick == null ? reps.size() : pick.length;
        for (int i = 0; i < n; i++) {
            RepetitionCost w = reps.get(pick == null ? i : pick[i]);
            cpu += ms.applyAsDouble(w);
            requests += w.requests();
        }
        return requests == 0 ? 0 : cpu * 1000 / requests;
    }

    private static double weighted(List<RepetitionCost> reps, ToDoubleFunction<MachineState> f, double seconds) {
        return round(reps.stream().mapToDouble(w -> f.applyAsDouble(w.machine()) * w.machineSeconds()).sum() / Math.max(seconds, 1e-9));
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
