package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WelchTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    @Test
    void twoEstimatedVariancesGiveTheSatterthwaiteDegreesOfFreedom() {
        // (1 + 4)² / (1²/9 + 4²/4) = 25 / (0.111… + 4) = 6.081…
        assertThat(Welch.degreesOfFreedom(1, 9, 4, 4)).isCloseTo(25 / (1.0 / 9 + 4), within(1e-12));
    }

    @Test
    void aKnownVarianceAddsToTheSumButNotToTheUncertainty() {
        // (3 + 1)² / (1²/5) = 80: the known part widens the sum, only the estimated one is uncertain.
        assertThat(Welch.degreesOfFreedom(3, INF, 1, 5)).isCloseTo(80, within(1e-12));
        assertThat(Welch.degreesOfFreedom(1, 5, 3, INF)).isCloseTo(80, within(1e-12));
    }

    @Test
    void nothingEstimatedIsTheNormalDistribution() {
        assertThat(Welch.degreesOfFreedom(2, INF, 3, INF)).isInfinite();
        assertThat(Welch.degreesOfFreedom(2, INF, 0, 7)).isInfinite();
        assertThat(Welch.degreesOfFreedom(0, 4, 0, 7)).isInfinite();
    }

    @Test
    void oneEstimatedVarianceAloneKeepsItsOwnDegreesOfFreedom() {
        assertThat(Welch.degreesOfFreedom(0, INF, 2.5, 11)).isCloseTo(11, within(1e-12));
    }
}
