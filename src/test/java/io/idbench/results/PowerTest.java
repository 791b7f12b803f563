package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.idbench.record.Change;
import io.idbench.record.Repetition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** What a verdict could have seen: a change of the stated size is found in about 80 % of comparisons, a smaller one less often. */
class PowerTest {
    private static final double SD = 0.05;

    /** {@code rounds} rounds whose log ratio B/A is {@code effect} plus normal noise of {@link #SD}. */
    private static List<List<Repetition>> rounds(int rounds, double effect, SplittableRandom random) {
        List<Repetition> a = new ArrayList<>();
        List<Repetition> b = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            double machine = 2 + random.nextDouble();
            double noise = SD * gaussian(random);
            a.add(repetition(r + 1, machine));
            b.add(repetition(r + 1, machine * Math.exp(effect + noise)));
        }
        return List.of(a, b);
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private static Repetition repetition(int n, double p50) {
        return new Repetition(n, null, null, null, null, null, null, null, Map.of("ALL", Map.of("p50", p50)), null, null, null);
    }

    /** The share of {@code trials} comparisons that find the change, and the detectable change they stated on average. */
    private static double[] found(int rounds, double effect, int trials, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int found = 0;
        double stated = 0;
        for (int t = 0; t < trials; t++) {
            List<List<Repetition>> r = rounds(rounds, effect, random);
            Change c = new PairedVerdict(0, 0.05).compare(r.get(0), r.get(1)).get(0);
            found += c.significant() ? 1 : 0;
            stated += c.detectablePct() / trials;
        }
        return new double[] {(double) found / trials, stated};
    }

    @Test
    void aChangeOfTheStatedSizeIsFoundInAboutEightyPercent() {
        int rounds = 10;
        double effect = Math.log1p(Power.detectablePct(SD / Math.sqrt(rounds), rounds - 1, 0.05, 1) / 100);
        double[] atDetectable = found(rounds, effect, 2000, 1);
        assertThat(atDetectable[0]).isBetween(0.72, 0.88);
        // What the comparisons stated is that size, give or take how well ten rounds know their own noise.
        assertThat(atDetectable[1]).isCloseTo(Math.expm1(effect) * 100, within(Math.expm1(effect) * 100 * 0.15));
        assertThat(found(rounds, effect / 2, 2000, 2)[0]).isLessThan(0.45);
        assertThat(found(rounds, 0, 2000, 3)[0]).isBetween(0.03, 0.07);
    }

    @Test
    void theRoundsProposedForATargetFindIt() {
        int n = Power.roundsFor(3, SD, 0, 0.05, 1);
        assertThat(Power.detectablePct(SD / Math.sqrt(n), n - 1, 0.05, 1)).isLessThanOrEqualTo(3);
        assertThat(Power.detectablePct(SD / Math.sqrt(n - 1), n - 2, 0.05, 1)).isGreaterThan(3);
        assertThat(found(n, Math.log1p(0.03), 1000, 4)[0]).isGreaterThanOrEqualTo(0.75);
        assertThat(found(n / 4, Math.log1p(0.03), 1000, 5)[0]).isLessThan(0.45);
    }

    @Test
    void whatNoNumberOfRoundsRemovesSetsAFloor() {
        double instance = Math.log1p(0.03);
        // 3 % between instances: (1.96 + 0.84) x 3 % is about 8.6 %, so 5 % is out of reach however many rounds, 10 % is not.
        assertThat(Power.roundsFor(5, SD, instance, 0.05, 1)).isEqualTo(Power.MAX_ROUNDS + 1);
        assertThat(Power.roundsFor(10, SD, instance, 0.05, 1)).isBetween(2, 40);
        List<List<Repetition>> r = rounds(10, 0, new SplittableRandom(6));
        Change trusting = new PairedVerdict(0, 0.05).compare(r.get(0), r.get(1)).get(0);
        Change withInstances = new PairedVerdict(0, 0.05, RunNoise.fixed(3, "three percent")).compare(r.get(0), r.get(1)).get(0);
        assertThat(withInstances.detectablePct()).isGreaterThan(trusting.detectablePct());
        assertThat(withInstances.highPct() - withInstances.lowPct()).isGreaterThan(trusting.highPct() - trusting.lowPct());
        assertThat(withInstances.p()).isGreaterThan(trusting.p());
    }

    @Test
    void moreFiguresTestedTogetherNeedALargerChange() {
        double one = Power.detectablePct(0.01, Double.POSITIVE_INFINITY, 0.05, 1);
        // z(0.975) + z(0.8) = 2.8016: exp(0.028016) - 1.
        assertThat(one).isCloseTo(2.8412, within(0.001));
        assertThat(Power.detectablePct(0.01, Double.POSITIVE_INFINITY, 0.05, 49)).isGreaterThan(one * 1.4);
        assertThat(Power.roundsFor(5, 0.05, 0, 0.05, 49)).isGreaterThan(Power.roundsFor(5, 0.05, 0, 0.05, 1));
        assertThat(Power.roundsFor(0.001, 1, 0, 0.05, 1)).isEqualTo(Power.MAX_ROUNDS + 1);
        assertThat(Power.detectablePct(Double.NaN, 9, 0.05, 1)).isNaN();
    }
}
