package io.idbench.results;

import io.idbench.record.Cost;
import io.idbench.record.Distribution;
import io.idbench.record.Interval;
import io.idbench.record.JmeterEngine;
import io.idbench.record.LabelSummary;
import io.idbench.record.Repetition;
import io.idbench.record.RepetitionCost;
import io.idbench.record.RunRecord;
import io.idbench.record.Side;
import io.idbench.record.Spread;
import io.idbench.record.Statistics;
import io.idbench.record.WarmUp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one side of a run measured, as its record keeps it: the settling repetitions apart, each measured repetition (its
 * warm-up, length, cost, statistics and figures; the last one its distribution), the remote engines' shares, the spread of
 * the repetitions, the figures over all repetitions pooled with their intervals (the system's CPU per request among them),
 * and the cost. Computed from the JTL's parts and the CPU account alone: no file is written here.
 */
public record Measurement(List<Repetition> settling, List<Repetition> repetitions, Map<String, JmeterEngine> engines,
        Map<String, Map<String, Spread>> spread, Map<String, Map<String, Double>> labels, Map<String, Distribution> distributions,
        Map<String, Map<String, Interval>> intervals, Cost cost, Statistics statistics, Map<String, String> unsteady) {

    /** How the figures and intervals are taken, as the record says it. */
    public static final String METHOD = "figures over all repetitions pooled; intervals by a two-stage bootstrap: repetitions, then"
            + " windows within each";

    /**
     * @param parts    every repetition of the JTL, in the order they ran (other sides' are left out)
     * @param warmUps  the plans' warm-up reports
     * @param cpu      the CPU sampler's account, or null without one
     * @param seed     the bootstrap's seed: a record is reproducible
     */
    public static Measurement of(Map<RunStatistics.Part, RunStatistics.Result> parts, Side side, WarmUpReports warmUps, CpuAccount cpu,
            long seed) {
        List<Repetition> settling = new ArrayList<>();
        List<Repetition> repetitions = new ArrayList<>();
        List<Map<String, LabelSummary>> labels = new ArrayList<>();
        Map<String, List<LabelWindows>> windows = new LinkedHashMap<>();
        List<RepetitionCost> costs = new ArrayList<>();
        List<RunStatistics.Result> measured = new ArrayList<>();
        parts.forEach((part, stats) -> {
            if (part.side() != side) {
                return;
            }
            Double seconds = stats.measured() == null ? null : stats.measured().seconds();
            if (part.settling()) {
                // Its CPU account too: a settling repetition can be a workload's own (plan 5's initial cycle), never pooled.
                settling.add(new Repetition(part.rep(), null, null, warmUps.of(part.rep(), stats).orElse(null),
                        warmUps.byEngine(part.rep(), stats), seconds, cost(stats, side, cpu, shared(parts, part)), null, figures(stats),
                        null, null, null));
                return;
            }
            measured.add(stats);
            labels.add(stats.labels());
            stats.windows().forEach((label, w) -> windows.computeIfAbsent(label, l -> new ArrayList<>()).add(w));
            RepetitionCost cost = cost(stats, side, cpu, shared(parts, part));
            if (cost != null) {
                costs.add(cost);
            }
            WarmUp warmUp = warmUps.of(part.rep(), stats).orElse(null);
            repetitions.add(new Repetition(repetitions.size() + 1, stats.excludedPhases(), stats.partialConcurrencySamples(), warmUp,
                    warmUps.byEngine(part.rep(), stats), seconds, cost, stats.labels(), figures(stats), null, null, null));
        });
        if (!repetitions.isEmpty()) {
            // The percentile curve and histogram of the warmest repetition: the last.
            Repetition last = repetitions.remove(repetitions.size() - 1);
            RunStatistics.Result stats = measured.get(measured.size() - 1);
            repetitions.add(new Repetition(last.repetition(), last.excludedPhases(), last.partialConcurrencySamples(), last.warmup(),
                    last.warmupByEngine(), last.measuredSeconds(), last.cost(), last.labels(), last.figures(), stats.distributions(), null,
                    null));
        }
        Map<String, Map<String, Interval>> intervals = new LinkedHashMap<>();
        windows.forEach((label, w) -> intervals.put(label, Bootstrap.intervals(w, seed ^ label.hashCode())));
        Map<String, Map<String, Double>> pooled = Repetitions.pooled(labels, intervals);
        Cost cost = costs.isEmpty() ? null : RunCost.of(costs, seed);
        if (cost != null) {
            intervals.computeIfAbsent(RunRecord.ALL, l -> new LinkedHashMap<>()).put("systemCpuUs",
                    cost.cpuUsPerRequest().get(RunCost.SYSTEM_UNDER_TEST));
        }
        Map<String, JmeterEngine> engines = EngineLoad.of(measured);
        return new Measurement(settling, repetitions, EngineLoad.distributed(engines) ? engines : Map.of(),
                labels.size() > 1 ? Repetitions.of(labels) : Map.of(), pooled, pooledDistributions(measured), intervals, cost,
                new Statistics(METHOD, Bootstrap.LEVEL,
                        Bootstrap.REPLICATES, labels.size(), LabelWindows.WINDOWS),
                SteadyState.unsteady(repetitions, SteadyState.MIN_EFFECT_PCT, Verdict.DEFAULT_ALPHA));
    }

    /** Per label, the distribution of every measured sample of every repetition: their histograms merged. */
    private static Map<String, Distribution> pooledDistributions(List<RunStatistics.Result> measured) {
        Map<String, Histogram> merged = new LinkedHashMap<>();
        for (RunStatistics.Result stats : measured) {
            stats.histograms().forEach((label, h) -> merged.computeIfAbsent(label, l -> LabelStatistics.pooled()).add(h));
        }
        Map<String, Distribution> out = new LinkedHashMap<>();
        merged.forEach((label, h) -> out.put(label, Distributions.of(h)));
        return out;
    }

    /**
     * The requests JMeter served in a repetition's window: its own, and the other side's of the same repetition when a duet
     * measured both at once (an interleaved repetition has one side).
     */
    private static long shared(Map<RunStatistics.Part, RunStatistics.Result> parts, RunStatistics.Part part) {
        long own = samples(parts.get(part));
        RunStatistics.Result other = parts.get(new RunStatistics.Part(part.rep(), part.side() == Side.A ? Side.B : Side.A));
        return own + (other == null ? 0 : samples(other));
    }

    private static long samples(RunStatistics.Result stats) {
        LabelSummary all = stats == null ? null : stats.labels().get(RunStatistics.ALL);
        return all == null ? 0 : all.samples();
    }

    /** The repetition's cost, when the CPU sampler's rows cover it (from its warm-up on: the machine's share), else null. */
    private static RepetitionCost cost(RunStatistics.Result stats, Side side, CpuAccount cpu, long sharedRequests) {
        RunStatistics.Window measured = stats.measured();
        if (cpu == null || measured == null) {
            return null;
        }
        long machineFrom = stats.warmUpFrom() > 0 ? stats.warmUpFrom() : measured.from();
        return cpu.covers(machineFrom, measured.to())
                ? cpu.over(measured.from(), measured.to(), stats.labels().get(RunStatistics.ALL).samples(), machineFrom, side == Side.B,
                        sharedRequests)
                : null;
    }

    /** A repetition's figures as the run's are taken (interpolated percentiles…): what a paired comparison compares. */
    private static Map<String, Map<String, Double>> figures(RunStatistics.Result stats) {
        Map<String, Map<String, Double>> figures = new LinkedHashMap<>();
        stats.windows().forEach((label, w) -> figures.put(label, Bootstrap.values(List.of(w))));
        return figures;
    }

    /** Why the measurement does not make a run: too few repetitions, or one without a sample. */
    public List<String> problems(int expectedRepetitions) {
        List<String> out = new ArrayList<>();
        if (repetitions.size() < expectedRepetitions) {
            out.add("JMeter measured " + repetitions.size() + " of " + expectedRepetitions + " repetitions");
        }
        for (Repetition r : repetitions) {
            LabelSummary all = r.labels().get(RunRecord.ALL);
            if (all == null || all.samples() == 0) {
                out.add("repetition " + r.repetition() + " has no measured samples");
            }
        }
        return out;
    }

    /** The record with this measurement in it. */
    public RunRecord into(RunRecord r) {
        return r.withSettling(settling).withRepetitions(repetitions).withEngines(engines).withSpread(spread).withLabels(labels)
                .withDistributions(distributions)
                .withIntervals(intervals).withCost(cost).withDisturbed(cost == null ? null : cost.disturbed()).withStatistics(statistics)
                .withUnsteady(unsteady);
    }
}
