package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.idbench.record.Repetition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** An operation whose figures keep moving over the repetitions is named, one that only wobbles is not. */
class SteadyStateTest {
    /** 40 repetitions: Read wobbles by ±10 % around 2 ms; Create grows by {@code growthPct} from the first to the last. */
    private static List<Repetition> run(double growthPct, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Repetition> out = new ArrayList<>();
        for (int r = 0; r < 40; r++) {
            Map<String, Map<String, Double>> figures = new LinkedHashMap<>();
            double wobble = 0.9 + 0.2 * random.nextDouble();
            figures.put("Read", Map.of("p50", 2 * wobble, "throughput", 500 / wobble));
            double create = 4 * (1 + growthPct / 100 * r / 39) * (0.9 + 0.2 * random.nextDouble());
            figures.put("Create", Map.of("p50", create, "throughput", 250 / create * 4));
            out.add(new Repetition(r + 1, null, null, null, null, null, null, null, figures, null, null, null));
        }
        return out;
    }

    @Test
    void aGrowingOperationIsNamedWithHowMuch() {
        Map<String, String> unsteady = SteadyState.unsteady(run(30, 1), 5, 0.05);
        assertThat(unsteady).containsOnlyKeys("Create");
        assertThat(unsteady.get("Create")).matches("p50 rose \\d+\\.\\d% over 40 repetitions \\(Mann-Kendall p=0\\.\\d{4}\\);"
                + " throughput fell \\d+\\.\\d% over 40 repetitions .*");
    }

    @Test
    void wobblingAloneIsSteadyButForTheFamilyWiseFivePercent() {
        int alarms = 0;
        for (long seed = 1; seed <= 400; seed++) {
            alarms += SteadyState.unsteady(run(0, seed), 5, 0.05).isEmpty() ? 0 : 1;
        }
        assertThat(alarms).isLessThanOrEqualTo(400 * 8 / 100);
    }

    @Test
    void aSignificantButSmallTrendIsNoFinding() {
        // +3 % over the run, below the minimum effect of 5 %, however significant.
        assertThat(SteadyState.unsteady(run(3, 3), 5, 0.05)).isEmpty();
    }

    @Test
    void tooFewRepetitionsSayNothing() {
        assertThat(SteadyState.unsteady(run(50, 4).subList(0, SteadyState.MIN_REPETITIONS - 1), 5, 0.05)).isEmpty();
    }

    @Test
    void mannKendallAndSensSlopeAsPublished() {
        double[] rising = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        // S = 45, Var(S) = 10 * 9 * 25 / 18 = 125, z = 44 / sqrt(125) = 3.9355.
        assertThat(SteadyState.mannKendallP(rising)).isCloseTo(8.30e-5, within(0.05e-5));
        assertThat(SteadyState.changePct(rising)).isCloseTo(9.0 / 5.5 * 100, within(1e-9));
        assertThat(SteadyState.mannKendallP(new double[] {3, 3, 3, 3, 3, 3})).isEqualTo(1);
    }
}
