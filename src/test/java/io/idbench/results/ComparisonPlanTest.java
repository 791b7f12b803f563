package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.idbench.config.ConfigException;
import io.idbench.record.Change;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** versus.detect: forks and rounds for a target change, the least wall time, and a precise refusal. */
class ComparisonPlanTest {
    private static final ComparisonPlan.Evidence TWO_CORES = ComparisonPlan.Evidence.INTERLEAVED;

    @Test
    void aPlanFindsItsTargetWithinItsTime() {
        ComparisonPlan p = ComparisonPlan.plan(10, 0.05, 3, 60, TWO_CORES);
        assertThat(p.detectablePct()).isLessThanOrEqualTo(10);
        assertThat(p.minutes()).isEqualTo(ComparisonPlan.minutes(TWO_CORES, p.forks(), p.rounds()));
        assertThat(p.forks()).isBetween(2, 20);
    }

    @Test
    void noCheaperPlanReachesTheTarget() {
        ComparisonPlan p = ComparisonPlan.plan(8, 0.05, 3, 120, TWO_CORES);
        double level = 0.05 * PairedVerdict.PRIMARY_SHARE / 3;
        for (int r = 1; r <= ComparisonPlan.MAX_ROUNDS_PER_FORK; r++) {
            double sd = Math.hypot(TWO_CORES.sigmaInstance(), TWO_CORES.sigmaRound() / Math.sqrt(r));
            for (int f = 2; f <= Power.MAX_FORKS; f++) {
                if (ComparisonPlan.minutes(TWO_CORES, f, r) < p.minutes() - 1e-9) {
                    assertThat(Power.detectableAt(sd / Math.sqrt(f), f - 1, level, ComparisonPlan.POWER)).as(f + " forks of " + r)
                            .isGreaterThan(8);
                }
            }
        }
    }

    @Test
    void moreProcessesDifferenceNeedsMoreForksNotMoreRounds() {
        ComparisonPlan.Evidence quiet = new ComparisonPlan.Evidence(Math.log1p(0.01), Math.log1p(0.07), 60, 90, 8, "test");
        ComparisonPlan.Evidence loud = new ComparisonPlan.Evidence(Math.log1p(0.06), Math.log1p(0.07), 60, 90, 8, "test");
        assertThat(ComparisonPlan.plan(5, 0.05, 3, 600, loud).forks()).isGreaterThan(ComparisonPlan.plan(5, 0.05, 3, 600, quiet).forks());
    }

    @Test
    void aDuetWithNothingRecordedPlansFivePercentWithinHalfAnHour() {
        ComparisonPlan p = ComparisonPlan.plan(5, 0.05, 3, 60, ComparisonPlan.Evidence.defaults(true));
        assertThat(p.minutes()).isLessThanOrEqualTo(30);
        assertThat(p.detectablePct()).isLessThanOrEqualTo(5);
        assertThat(ComparisonPlan.evidence(List.of(), List.of(), Map.of(), true))
                .isSameAs(ComparisonPlan.Evidence.DUET);
        assertThat(ComparisonPlan.evidence(List.of(), List.of(), Map.of(), false))
                .isSameAs(ComparisonPlan.Evidence.INTERLEAVED);
    }

    @Test
    void oneComparisonOfFewForksMovesThePlanOnlyByItsDegreesOfFreedom() {
        // A 7-fork duet said the processes differ by 3.0 % (the 10-fork one behind the defaults: 1.5 %): pooled, 2.2 %.
        RunRecord sevenForks = duet(7, 20, 3.0, ComparisonPlan.Evidence.DUET.sigmaRound());
        ComparisonPlan.Evidence e = ComparisonPlan.evidence(List.of(sevenForks), List.of(FigureName.parse("ALL p50")), Map.of(), true);
        double pooled = Math.sqrt((6 * Math.pow(Math.log1p(0.03), 2) + 9 * Math.pow(Math.log1p(0.015), 2)) / 15);
        assertThat(e.sigmaInstance()).isCloseTo(pooled, within(1e-9));
        assertThat(e.sigmaRound()).isCloseTo(ComparisonPlan.Evidence.DUET.sigmaRound(), within(1e-9));
        assertThat(e.source()).isEqualTo("1 comparison recorded here, 1 with forks, pooled with the defaults");
        assertThat(ComparisonPlan.plan(5, 0.05, 3, 60, e).minutes()).isLessThanOrEqualTo(30);
        RunRecord disturbed = RunRecordBuilder.builder(sevenForks).disturbed("other processes used 26.0% of the machine").build();
        assertThat(ComparisonPlan.evidence(List.of(disturbed), List.of(FigureName.parse("ALL p50")), Map.of(), true))
                .as("a disturbed comparison is no evidence").isSameAs(ComparisonPlan.Evidence.DUET);
        assertThat(ComparisonPlan.evidence(List.of(sevenForks, sevenForks, sevenForks, sevenForks, sevenForks),
                List.of(FigureName.parse("ALL p50")), Map.of(), true).sigmaInstance()).as("evidence outweighs the prior")
                .isGreaterThan(Math.log1p(0.026));
    }

    /** Side A of a duet of {@code forks} forks of {@code rounds} rounds whose ALL p50's processes differed by {@code instancePct}. */
    private static RunRecord duet(int forks, int rounds, double instancePct, double sigmaRound) {
        int total = forks * rounds;
        Change c = new Change("ALL", "p50", 2, 2, 0, 0, 0, 1, false, false, false, null, sigmaRound / Math.sqrt(total), instancePct,
                true);
        List<Side> schedule = Collections.nCopies(2 * total, Side.A);
        Versus v = new Versus("a", "b", 5, 0.05, schedule, null, List.of(c), 0L, 0L, 1, true, null, null, Side.A, Side.A, forks, null,
                null, null, true, Side.A);
        return RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).versus(v).build();
    }

    @Test
    void whatCannotBeReachedInTheBudgetIsRefusedWithWhatCan() {
        assertThatThrownBy(() -> ComparisonPlan.plan(1, 0.05, 3, 30, TWO_CORES)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("versus.detect=1% would take")
                .hasMessageMatching(".*within versus.budget=30 min it could find \\d+\\.\\d% \\(\\d+ forks of \\d+ rounds\\).*");
    }

    @Test
    void aTargetOutsideZeroToHundredIsRefused() {
        assertThatThrownBy(() -> ComparisonPlan.plan(0, 0.05, 3, 30, TWO_CORES))
                .hasMessage("versus.detect must be a change above 0% and below 100%, was 0%");
    }
}
