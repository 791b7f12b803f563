package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.idbench.record.Change;
import io.idbench.record.Interval;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import io.idbench.record.Side;
import io.idbench.record.Versus;
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

    /** Side A of an interleaved run whose ALL p50 came out {@code changePct} with the rounds' standard error {@code roundsSe}. */
    private static RunRecord check(boolean sameBuild, double changePct, double roundsSe) {
        Change c = new Change("ALL", "p50", 2, 2 * (1 + changePct / 100), changePct, 0, 0, 1, false, false, false, null, roundsSe);
        Versus v = new Versus("a", "b", 5, 0.05, List.of(), null, List.of(c), 0L, 0L, 1, sameBuild, null, null, Side.A, Side.A);
        return RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).versus(v).build();
    }

    @Test
    void instancesDifferByWhatTheAaChecksShowBeyondTheirRounds() {
        // B/A of +4 %, -4 %, +4 %, -4 % with rounds that explain 2 % of it: sqrt(log(1.04)² - 0.02²) = 0.0344.
        double x = Math.log(1.04);
        List<RunRecord> checks = List.of(check(true, 4, 0.02), check(true, -4, 0.02), check(true, 4, 0.02), check(true, -4, 0.02),
                check(false, 40, 0.02));
        RunNoise noise = RunNoise.ofInstances(checks, "the scenario");
        assertThat(noise.sigma("ALL", "p50")).isCloseTo(Math.sqrt(x * x - 0.0004), within(1e-3));
        assertThat(noise.degreesOfFreedom("ALL", "p50")).isEqualTo(4);
        assertThat(noise.sigma("ALL", "p95")).as("a figure no check has: the default").isCloseTo(Math.log1p(0.05), within(1e-12));
        assertThat(noise.source()).isEqualTo("estimated from 4 A/A checks of the scenario, per figure");
        assertThat(RunNoise.ofInstances(checks.subList(0, 2), "the scenario").source())
                .isEqualTo("the default 5% (2 A/A checks of the scenario, fewer than 3)");
    }

    /** A run of a scenario and code whose ALL throughput is {@code throughput}, with no spread of its own. */
    private static RunRecord of(String scenario, String commit, double throughput) {
        return Runs.of(scenario, scenario + "-" + throughput).code(commit).throughput(throughput).logSe(0).build().record();
    }

    @Test
    void withFewRunsOfTheScenarioTheNoiseIsPooledOverTheMachinesGroupsOfOneCode() {
        // Two groups of one scenario and code: logs at ±0.1 about their mean (1 degree of freedom each), ±0.05 (2).
        List<RunRecord> all = List.of(of("jsonb-nodyn-1k", "a1", 1000 * Math.exp(0.1)), of("jsonb-nodyn-1k", "a1", 1000 * Math.exp(-0.1)),
                of("relational-nodyn-1k", "a1", 500 * Math.exp(0.05)), of("relational-nodyn-1k", "a1", 500),
                of("relational-nodyn-1k", "a1", 500 * Math.exp(-0.05)),
                // Runs of other code are no group of one code: they would add the code's difference.
                of("jsonb-nodyn-10k", "a1", 900), of("jsonb-nodyn-10k", "b2", 1800));
        RunNoise noise = RunNoise.sameCode(all, all.get(0), all.get(2));
        double pooled = (2 * 0.1 * 0.1 + 2 * 0.05 * 0.05) / 3;
        assertThat(noise.sigma("ALL", "throughput")).isCloseTo(Math.sqrt(pooled), within(1e-9));
        assertThat(noise.degreesOfFreedom("ALL", "throughput")).isEqualTo(3);
        assertThat(noise.basis()).isEqualTo(new RunNoise.Basis(RunNoise.Kind.POOLED, 5, 2, ""));
        assertThat(noise.source()).startsWith("measured on this machine, pooled over 5 runs in 2 groups of one scenario and code"
                + " (3 degrees of freedom)");
    }

    @Test
    void withFourRunsOfOneCodeTheScenariosOwnAreUsed() {
        List<RunRecord> all = new ArrayList<>();
        for (double t : new double[] {1000, 1100, 900, 1050}) {
            all.add(Runs.of("jsonb-nodyn-1k", "r" + t).throughput(t).logSe(0.01).build().record());
        }
        all.add(of("relational-nodyn-1k", "aaaaaaa1aaaaaaa1", 500));
        RunNoise noise = RunNoise.sameCode(all, all.get(4), all.get(0));
        assertThat(noise.basis().kind()).isEqualTo(RunNoise.Kind.SCENARIO);
        assertThat(noise.basis().runs()).isEqualTo(4);
        assertThat(noise.source()).isEqualTo("measured on this machine from 4 runs of jsonb-nodyn-1k of one code");
    }

    @Test
    void withoutRunsOfOneCodeTheDefaultIsSaidAsTheDefault() {
        List<RunRecord> all = List.of(of("jsonb-nodyn-1k", "a1", 1000), of("relational-nodyn-1k", "a1", 500));
        RunNoise noise = RunNoise.sameCode(all, all.get(0), all.get(1));
        assertThat(noise.basis().kind()).isEqualTo(RunNoise.Kind.DEFAULT);
        assertThat(noise.sigma("ALL", "throughput")).isCloseTo(Math.log1p(RunNoise.DEFAULT_PCT / 100), within(1e-12));
        assertThat(noise.source()).isEqualTo("the default 8%: this machine has no 4 runs of one code and scenario to measure it from yet");
    }
}
