package io.idbench.results;

import io.idbench.record.BetweenRuns;
import io.idbench.record.Interval;
import io.idbench.record.RunRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.RealDistribution;

/**
 * A run's intervals for comparing it with a separate run: each figure's within-run standard error (of its log) and the
 * machine's run-to-run noise ({@link RunNoise}) added in quadrature, at 95 % by Student's t at the Welch-Satterthwaite degrees
 * of freedom (the noise estimated from n runs counts as n - 1 of them), as the verdict between two runs reads them.
 */
public final class BetweenRunIntervals {

    private BetweenRunIntervals() {
    }

    /** The run's figures with the noise of {@code noise} added. */
    public static BetweenRuns of(RunRecord run, RunNoise noise) {
        Map<String, Map<String, Interval>> out = new LinkedHashMap<>();
        run.intervals().forEach((label, figures) -> figures.forEach((figure, within) -> {
            Interval between = widened(within, noise.sigma(label, figure), noise.degreesOfFreedom(label, figure));
            if (between != null) {
                out.computeIfAbsent(label, l -> new LinkedHashMap<>()).put(figure, between);
            }
        }));
        return new BetweenRuns(noise.source(), out);
    }

    /** The noise estimated from the other comparable runs among {@code candidates} (same machine and shape, trustworthy). */
    public static BetweenRuns of(RunRecord run, List<RunRecord> candidates, List<RunRecord> except, String what) {
        return of(run, RunNoise.estimate(RunNoise.comparable(candidates, run, except), what));
    }

    static Interval widened(Interval within, double sigma, double noiseDf) {
        if (!(within.value() > 0) || !Double.isFinite(within.logSe())) {
            return null;
        }
        double between = sigma * sigma;
        double measured = within.logSe() * within.logSe();
        double variance = measured + between;
        double df = Welch.degreesOfFreedom(measured, Double.POSITIVE_INFINITY, between, noiseDf);
        RealDistribution d = Verdict.distribution(df);
        double half = d.inverseCumulativeProbability(1 - (1 - Bootstrap.LEVEL) / 2) * Math.sqrt(variance);
        return new Interval(within.value(), within.value() * Math.exp(-half), within.value() * Math.exp(half), Math.sqrt(variance));
    }
}
