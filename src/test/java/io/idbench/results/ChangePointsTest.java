package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** E-divisive change points on synthetic histories with a known answer. */
class ChangePointsTest {

    private static double[] noise(int n, double level, double sd, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            // a sum of uniforms: close to normal, bounded, reproducible
            double u = 0;
            for (int k = 0; k < 12; k++) {
                u += random.nextDouble();
            }
            x[i] = level + sd * (u - 6);
        }
        return x;
    }

    @Test
    void aStepIsFoundWhereItHappened() {
        double[] x = noise(40, 100, 2, 1);
        for (int i = 25; i < x.length; i++) {
            x[i] += 8; // +8 % after run 25
        }
        List<ChangePoints.ChangePoint> found = ChangePoints.find(x, ChangePoints.DEFAULT_ALPHA, 3);
        assertThat(found).singleElement().satisfies(c -> {
            assertThat(c.index()).isEqualTo(25);
            assertThat(c.changePct()).isBetween(6.0, 10.0);
            assertThat(c.p()).isLessThanOrEqualTo(0.05);
        });
    }

    @Test
    void twoStepsAreBothFound() {
        double[] x = noise(60, 100, 1, 2);
        for (int i = 20; i < 40; i++) {
            x[i] += 10;
        }
        assertThat(ChangePoints.find(x, ChangePoints.DEFAULT_ALPHA, 5, 5)).extracting(ChangePoints.ChangePoint::index)
                .containsExactly(20, 40);
    }

    @Test
    void aSignificantButSmallStepIsNotAChangeWithAMinimumEffect() {
        double[] x = noise(40, 100, 0.5, 7);
        for (int i = 20; i < x.length; i++) {
            x[i] += 2; // +2 %: real, but below a 5 % minimum effect
        }
        assertThat(ChangePoints.find(x, ChangePoints.DEFAULT_ALPHA, 8)).extracting(ChangePoints.ChangePoint::index).containsExactly(20);
        assertThat(ChangePoints.find(x, ChangePoints.DEFAULT_ALPHA, 5, 8)).isEmpty();
    }

    @Test
    void aStationaryHistoryHasNone() {
        assertThat(ChangePoints.find(noise(40, 100, 3, 10), ChangePoints.DEFAULT_ALPHA, 10)).isEmpty();
        // A false alarm is a 5 % event per history: among twenty stationary histories, one or two at most.
        long alarms = LongStream.range(20, 40)
                .filter(seed -> !ChangePoints.find(noise(40, 100, 3, seed), ChangePoints.DEFAULT_ALPHA, seed).isEmpty()).count();
        assertThat(alarms).isLessThanOrEqualTo(2);
    }

    @Test
    void oneNoisyNightAtTheEndIsNotAChange() {
        double[] x = noise(30, 100, 2, 4);
        x[29] = 140;
        assertThat(ChangePoints.find(x, ChangePoints.DEFAULT_ALPHA, 6)).isEmpty();
    }
}
