package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Change;
import io.idbench.record.Interval;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The verdict's decisions on intervals with known answers: a test, a correction, a minimum effect. */
class VerdictTest {
    /** {label: {figure: {value, logSe}}} */
    private static Map<String, Map<String, Interval>> intervals(Object... labelFigureValueSe) {
        Map<String, Map<String, Interval>> root = new LinkedHashMap<>();
        for (int i = 0; i < labelFigureValueSe.length; i += 4) {
            double value = (double) labelFigureValueSe[i + 2];
            root.computeIfAbsent((String) labelFigureValueSe[i], l -> new LinkedHashMap<>()).put((String) labelFigureValueSe[i + 1],
                    new Interval(value, value, value, (double) labelFigureValueSe[i + 3]));
        }
        return root;
    }

    @Test
    void aChangeWithinTheNoiseIsNotARegression() {
        List<Change> changes = Verdict.defaults().compare(intervals("ALL", "p95", 10.0, 0.05),
                intervals("ALL", "p95", 10.6, 0.05));
        assertThat(changes).singleElement().satisfies(c -> {
            assertThat(c.changePct()).isCloseTo(6.0, Assertions.within(1e-9));
            assertThat(c.significant()).isFalse();
            assertThat(c.regression()).isFalse();
            assertThat(c.p()).isGreaterThan(0.05);
        });
    }

    @Test
    void aSignificantChangeBeyondTheMinimumEffectIsARegressionAndNamesItsInterval() {
        // +10 % on a figure known to 1 % (log SE 0.01 per side): z = 0.0953 / 0.0141 = 6.7.
        Change c = Verdict.defaults().compare(intervals("Update", "serverP50", 5.0, 0.01),
                intervals("Update", "serverP50", 5.5, 0.01)).get(0);
        assertThat(c.regression()).isTrue();
        assertThat(c.lowPct()).isGreaterThan(5).isLessThan(10);
        assertThat(c.highPct()).isGreaterThan(10).isLessThan(15);
        // It could have seen (z 1.96 + 0.84) x 0.0141 = 4.0 %, below the minimum effect a verdict needs anyway.
        assertThat(c.line()).startsWith("Update").contains("+10.0%").endsWith("REGRESSION  (could have seen ±5.0%)");
    }

    @Test
    void aNoisyFigureSaysHowLargeAChangeItCouldHaveMissed() {
        // Known to 5 % per side: (1.96 + 0.84) x 0.0707 = 0.198, so a change under about 22 % goes unseen half the time or more.
        Change c = Verdict.defaults().compare(intervals("Update", "serverP50", 5.0, 0.05),
                intervals("Update", "serverP50", 5.5, 0.05)).get(0);
        assertThat(c.regression()).isFalse();
        assertThat(c.detectablePct()).isCloseTo(21.9, org.assertj.core.api.Assertions.within(0.1));
        assertThat(c.line()).endsWith("ok  (could have seen ±21.9%)");
    }

    @Test
    void aSignificantChangeBelowTheMinimumEffectIsReportedButNotARegression() {
        Change c = Verdict.defaults().compare(intervals("ALL", "p50", 4.0, 0.002), intervals("ALL", "p50", 4.12, 0.002)).get(0);
        assertThat(c.significant()).isTrue();
        assertThat(c.regression()).isFalse();
        assertThat(c.line()).endsWith("changed, below the minimum effect  (could have seen ±5.0%)");
    }

    @Test
    void lowerThroughputIsWorseAndHigherIsAnImprovement() {
        List<Change> changes = Verdict.defaults().compare(
                intervals("ALL", "throughput", 1000.0, 0.01, "Read", "throughput", 1000.0, 0.01),
                intervals("ALL", "throughput", 800.0, 0.01, "Read", "throughput", 1250.0, 0.01));
        assertThat(changes.get(0).regression()).isTrue();
        assertThat(changes.get(1).improvement()).isTrue();
        assertThat(changes.get(1).regression()).isFalse();
    }

    @Test
    void manyFiguresAreCorrectedForTogether() {
        // One figure at z = 2.5 (p = 0.012) is significant alone, but not among twenty (Holm: 0.05 / 20 = 0.0025).
        double se = 0.1 / 2.5 / Math.sqrt(2);
        Object[] base = new Object[80];
        Object[] run = new Object[80];
        for (int i = 0; i < 20; i++) {
            base[4 * i] = "L" + i;
            base[4 * i + 1] = "p95";
            base[4 * i + 2] = 10.0;
            base[4 * i + 3] = se;
            run[4 * i] = "L" + i;
            run[4 * i + 1] = "p95";
            run[4 * i + 2] = i == 0 ? 10 * Math.exp(0.1) : 10.0;
            run[4 * i + 3] = se;
        }
        assertThat(Verdict.defaults().compare(intervals(base[0], base[1], base[2], base[3]), intervals(run[0], run[1], run[2], run[3]))
                .get(0).regression()).as("alone").isTrue();
        assertThat(Verdict.defaults().compare(intervals(base), intervals(run))).noneMatch(Change::regression);
    }

    @Test
    void noiseEstimatedFromFewRunsIsTestedWithStudentsT() {
        // Five runs of the scenario put its noise at 5 % (log 0.0488); a +20 % change on figures known to 1 % per side:
        // z = 0.182 / sqrt(2 x 0.0001 + 2 x 0.0488²) = 2.59, p = 0.0097 under the normal distribution; but the noise is
        // known from 5 runs only (4 degrees of freedom, 4.3 for the sum): p = 0.056 under Student's t, no regression.
        List<RunRecord> five = new ArrayList<>();
        for (double log : new double[] {0, 0.0488 / 1.4826, -0.0488 / 1.4826, 0.1, -0.1}) {
            five.add(RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION)
                    .intervals(intervals("ALL", "p95", 10 * Math.exp(log), 0.0)).build());
        }
        RunNoise estimated = RunNoise.estimate(five, "the scenario");
        assertThat(estimated.sigma("ALL", "p95")).isCloseTo(0.0488, Assertions.within(1e-9));
        Change t = Verdict.defaults().compare(intervals("ALL", "p95", 10.0, 0.01), intervals("ALL", "p95", 12.0, 0.01), estimated)
                .get(0);
        assertThat(t.p()).isBetween(0.05, 0.06);
        assertThat(t.regression()).isFalse();
        // The same noise given as known (--run-noise=5): the normal distribution, a regression.
        Change known = Verdict.defaults().compare(intervals("ALL", "p95", 10.0, 0.01), intervals("ALL", "p95", 12.0, 0.01),
                RunNoise.fixed(Math.expm1(0.0488) * 100, "given")).get(0);
        assertThat(known.p()).isBetween(0.008, 0.010);
        assertThat(known.regression()).isTrue();
        assertThat(t.highPct() - t.lowPct()).as("a wider interval under t").isGreaterThan(known.highPct() - known.lowPct());
    }
}
