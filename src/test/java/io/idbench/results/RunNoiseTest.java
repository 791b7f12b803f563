package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.idbench.record.Interval;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run-to-run noise estimated from a scenario's other runs: per figure, never below the median figure's, with its uncertainty. */
class RunNoiseTest {
    /** A run whose ALL throughput and p99 have these values and log standard errors. */
    private static RunRecord run(double throughput, double throughputSe, double p99, double p99Se) {
        Map<String, Interval> all = new LinkedHashMap<>();
        all.put("throughput", new Interval(throughput, throughput, throughput, throughputSe));
        all.put("p99", new Interval(p99, p99, p99, p99Se));
        return RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).intervals(Map.of("ALL", all)).build();
    }

    private static List<RunRecord> runs(double[] throughput, double[] p99, double p99Se) {
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < throughput.length; i++) {
            runs.add(run(throughput[i], 0, p99[i], p99Se));
        }
        return runs;
    }

    @Test
    void eachFigureGetsTheRobustSpreadOfItsLogsLessWhatItsOwnIntervalsExplain() {
        // Logs of throughput at 0, ±0.1, ±0.2: median 0, median absolute deviation 0.1.
        double[] throughput = {1000, 1000 * Math.exp(0.1), 1000 * Math.exp(-0.1), 1000 * Math.exp(0.2), 1000 * Math.exp(-0.2)};
        RunNoise noise = RunNoise.estimate(runs(throughput, throughput, 0.1), "the scenario");
        assertThat(noise.sigma("ALL", "throughput")).isCloseTo(0.14826, within(1e-9));
        // p99 spreads as much, but its intervals explain part of it: sqrt(0.14826² - 0.1²) = 0.1095, below the median
        // of the two figures, (0.14826 + 0.1095) / 2 = 0.1289, which it gets.
        assertThat(noise.sigma("ALL", "p99")).isCloseTo((0.14826 + Math.sqrt(0.14826 * 0.14826 - 0.01)) / 2, within(1e-9));
        assertThat(noise.degreesOfFreedom("ALL", "throughput")).isEqualTo(4);
        assertThat(noise.source()).isEqualTo("estimated from 5 other runs of the scenario, per figure, at least the median figure's 13.8%");
    }

    @Test
    void noFigureIsTakenQuieterThanTheMedianFigure() {
        // The host's speed moves every figure; a tail percentile whose wide intervals explain all its spread still carries it.
        double[] throughput = {1000, 1100, 900, 1200, 800};
        double[] p99 = {10, 10.1, 9.9, 10.2, 9.8};
        RunNoise noise = RunNoise.estimate(runs(throughput, p99, 0.5), "the scenario");
        double throughputSigma = noise.sigma("ALL", "throughput");
        assertThat(throughputSigma).isGreaterThan(0.1);
        // Two figures: the median is their mean, (throughput's + 0) / 2.
        assertThat(noise.sigma("ALL", "p99")).isCloseTo(throughputSigma / 2, within(1e-12));
    }

    @Test
    void fewerRunsThanTheMinimumGiveTheDefaultTakenAsKnown() {
        RunNoise noise = RunNoise.estimate(runs(new double[] {1000, 1100, 900}, new double[] {10, 11, 9}, 0.01), "the scenario");
        assertThat(noise.sigma("ALL", "throughput")).isCloseTo(Math.log1p(RunNoise.DEFAULT_PCT / 100), within(1e-12));
        assertThat(noise.degreesOfFreedom("ALL", "throughput")).isInfinite();
        assertThat(noise.source()).isEqualTo("the default 8% (3 other runs of the scenario, fewer than 4)");
        assertThat(RunNoise.fixed(3, "--run-noise").degreesOfFreedom("ALL", "p99")).isInfinite();
        assertThat(RunNoise.NONE.sigma("ALL", "p99")).isZero();
    }
}
