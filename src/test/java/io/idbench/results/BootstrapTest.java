package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Interval;
import io.idbench.record.Side;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** Intervals of pooled figures from synthetic runs with a known truth. */
class BootstrapTest {
    private static final String LABEL = "Read";

    /** A run of {@code reps} repetitions, each 1 s of 2,000 samples drawn from an exponential of mean {@code meanMs}. */
    private static List<LabelWindows> run(int reps, double meanMs, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<LabelWindows> out = new ArrayList<>();
        for (int r = 0; r < reps; r++) {
            LabelWindows.Collector c = new LabelWindows.Collector();
            long start = 1_000_000L * r;
            for (int i = 0; i < 2000; i++) {
                double ms = -meanMs * Math.log(1 - random.nextDouble());
                long elapsed = Math.round(ms);
                long end = start + i / 2;
                c.add(new JtlSample(end - elapsed, elapsed, LABEL, true, 10, "measure", ms, ms / 4, r + 1, Side.A, "t" + i % 10,
                        Double.NaN, 0));
            }
            out.add(c.build(start, start + 1000));
        }
        return out;
    }

    @Test
    void aNinetyFivePercentIntervalHoldsTheTruthNineteenTimesInTwenty() {
        double truthP50 = 4 * Math.log(2); // the median of an exponential of mean 4 ms
        int held = 0;
        for (long seed = 100; seed < 120; seed++) {
            Interval p50 = Bootstrap.intervals(run(5, 4, seed), seed).get("p50");
            assertThat(p50.low()).isLessThanOrEqualTo(p50.value()).isGreaterThan(0);
            assertThat(p50.high()).isGreaterThanOrEqualTo(p50.value());
            held += p50.low() <= truthP50 && truthP50 <= p50.high() ? 1 : 0;
        }
        // 19 expected; 16 or fewer has a chance below 2 % for a true 95 % interval.
        assertThat(held).isGreaterThanOrEqualTo(17);
    }

    @Test
    void moreRepetitionsNarrowTheInterval() {
        Map<String, Interval> five = Bootstrap.intervals(run(5, 4, 1), 7);
        Map<String, Interval> twenty = Bootstrap.intervals(run(20, 4, 2), 7);
        Interval p50 = five.get("p50");
        assertThat(twenty.get("p50").high() - twenty.get("p50").low()).isLessThan(p50.high() - p50.low());
        assertThat(five.get("throughput").value()).isCloseTo(2000, Assertions.within(1.0));
        assertThat(five.get("serverCpuUs").value()).as("a quarter of the mean, in µs").isBetween(900.0, 1100.0);
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        List<LabelWindows> run = run(3, 4, 3);
        assertThat(Bootstrap.intervals(run, 11)).isEqualTo(Bootstrap.intervals(run, 11));
    }

    @Test
    void oneRepetitionStillHasAnIntervalFromItsWindows() {
        Interval p95 = Bootstrap.intervals(run(1, 4, 4), 5).get("p95");
        assertThat(p95.high()).isGreaterThan(p95.low());
        assertThat(p95.logSe()).isPositive();
    }
}
