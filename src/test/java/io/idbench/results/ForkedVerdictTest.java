package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Change;
import io.idbench.record.Repetition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fork as the unit of a comparison: two service processes differ for good (a fork's offset, the same in all its rounds),
 * which the rounds cannot average out and the forks can.
 */
class ForkedVerdictTest {
    private static final double INSTANCE = Math.log1p(0.05);
    private static final double ROUND = Math.log1p(0.07);

    /**
     * {@code forks} forks of {@code rounds} rounds of ALL p50: B/A is {@code effect} times the fork's offset (log-normal,
     * {@link #INSTANCE}) times the round's noise ({@link #ROUND}); the machine moves both sides of a round alike.
     */
    private static List<List<Repetition>> comparison(int forks, int rounds, double effect, long seed) {
        Random random = new Random(seed);
        List<Repetition> a = new ArrayList<>();
        List<Repetition> b = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double offset = Math.exp(INSTANCE * random.nextGaussian());
            for (int r = 0; r < rounds; r++) {
                double machine = 0.8 + 0.4 * random.nextDouble();
                double p50 = 3.0 * machine;
                a.add(repetition(a.size() + 1, p50));
                b.add(repetition(b.size() + 1, p50 * effect * offset * Math.exp(ROUND * random.nextGaussian())));
            }
        }
        return List.of(a, b);
    }

    private static Repetition repetition(int n, double p50) {
        Map<String, Double> all = new LinkedHashMap<>();
        all.put("p50", p50);
        return new Repetition(n, null, null, null, null, null, null, null, Map.of("ALL", all), null, null, null);
    }

    private static Change allP50(List<Change> changes) {
        return changes.stream().filter(c -> c.label().equals("ALL") && c.figure().equals("p50")).findFirst().orElseThrow();
    }

    @Test
    void theRoundsAloneTakeTwoProcessesDifferenceForTheCodes() {
        int alarms = 0;
        int forkAlarms = 0;
        for (long seed = 0; seed < 100; seed++) {
            List<List<Repetition>> one = comparison(1, 20, 1.0, seed);
            alarms += allP50(new PairedVerdict(0, 0.05).compare(one.get(0), one.get(1))).significant() ? 1 : 0;
            List<List<Repetition>> forked = comparison(10, 2, 1.0, seed);
            forkAlarms += allP50(new PairedVerdict(0, 0.05, RunNoise.NONE, 10, PairedVerdict.DEFAULT_PRIMARY)
                    .compare(forked.get(0), forked.get(1))).significant() ? 1 : 0;
        }
        assertThat(alarms).as("one pair of processes, trusting the rounds").isGreaterThan(40);
        assertThat(forkAlarms).as("ten pairs, the fork as the unit: about alpha").isLessThanOrEqualTo(10);
    }

    @Test
    void theForksMeasureHowMuchTwoProcessesDiffer() {
        List<List<Repetition>> r = comparison(60, 4, 1.0, 7);
        Change c = allP50(new PairedVerdict(0, 0.05, RunNoise.NONE, 60, PairedVerdict.DEFAULT_PRIMARY).compare(r.get(0), r.get(1)));
        assertThat(c.instancePct()).as("5 %% between processes").isBetween(3.5, 6.5);
        assertThat(c.roundsSe() * Math.sqrt(240)).as("a round's 7 %% moves").isBetween(0.055, 0.085);
        assertThat(c.primary()).isTrue();
    }

    @Test
    void aChangeOfEightPercentIsFoundByTwentyForks() {
        int found = 0;
        for (long seed = 0; seed < 50; seed++) {
            List<List<Repetition>> r = comparison(20, 3, 1.08, seed);
            found += allP50(new PairedVerdict(5, 0.05, RunNoise.NONE, 20, PairedVerdict.DEFAULT_PRIMARY).compare(r.get(0), r.get(1)))
                    .regression() ? 1 : 0;
        }
        assertThat(found).isGreaterThanOrEqualTo(40);
    }

    @Test
    void aPrimaryFigureIsJudgedBeforeTheOthers() {
        // ALL p50 +4 % in six rounds (p about 0.01) beside twenty other figures that do not move.
        double[] logs = {0.05, 0.02, 0.08, 0.03, 0.06, 0.01};
        List<Repetition> a = new ArrayList<>();
        List<Repetition> b = new ArrayList<>();
        for (int r = 0; r < logs.length; r++) {
            Map<String, Map<String, Double>> fa = new LinkedHashMap<>();
            Map<String, Map<String, Double>> fb = new LinkedHashMap<>();
            fa.put("ALL", new LinkedHashMap<>(Map.of("p50", 3.0)));
            fb.put("ALL", new LinkedHashMap<>(Map.of("p50", 3.0 * Math.exp(logs[r]))));
            for (int k = 0; k < 20; k++) {
                fa.put("Op " + k, new LinkedHashMap<>(Map.of("p50", 2.0)));
                fb.put("Op " + k, new LinkedHashMap<>(Map.of("p50", 2.0 * (1 + 0.03 * ((r + k) % 3 - 1)))));
            }
            a.add(new Repetition(r + 1, null, null, null, null, null, null, null, fa, null, null, null));
            b.add(new Repetition(r + 1, null, null, null, null, null, null, null, fb, null, null, null));
        }
        Change alike = allP50(new PairedVerdict(0, 0.05, RunNoise.NONE).compare(a, b));
        Change first = allP50(new PairedVerdict(0, 0.05, RunNoise.NONE, 1, List.of(FigureName.parse("ALL p50"))).compare(a, b));
        assertThat(alike.p()).isBetween(0.005, 0.02);
        assertThat(alike.regression()).as("one of 21 alike: alpha / 21").isFalse();
        assertThat(first.regression()).as("judged first: 80 %% of alpha").isTrue();
        assertThat(first.detectablePct()).isLessThan(alike.detectablePct());
    }
}
