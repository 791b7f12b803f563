package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Change;
import io.idbench.record.Repetition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Round-by-round comparison of two interleaved services: a slow round slows both sides and cancels out. */
class PairedVerdictTest {
    /** Rounds where the machine's state moves every figure by up to ±25 %, both sides alike; B is A times {@code factor} and ±1 % of its own. */
    private static List<List<Repetition>> rounds(int n, double factor, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Repetition> a = new ArrayList<>();
        List<Repetition> b = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            double machine = 0.75 + 0.5 * random.nextDouble();
            double own = 0.99 + 0.02 * random.nextDouble();
            a.add(repetition(r + 1, 3.0 * machine, 400 / machine));
            b.add(repetition(r + 1, 3.0 * machine * factor * own, 400 / machine / (factor * own)));
        }
        return List.of(a, b);
    }

    private static Repetition repetition(int n, double serverP50, double throughput) {
        Map<String, Double> update = new LinkedHashMap<>();
        update.put("serverP50", serverP50);
        update.put("throughput", throughput);
        return new Repetition(n, null, null, null, null, null, null, null, Map.of("Update", update), null, null, null);
    }

    @Test
    void tenPercentMoreIsFoundThroughTheMachinesNoise() {
        List<List<Repetition>> r = rounds(10, 1.10, 1);
        List<Change> changes = new PairedVerdict(5, 0.05).compare(r.get(0), r.get(1));
        Change server = changes.stream().filter(c -> c.figure().equals("serverP50")).findFirst().orElseThrow();
        assertThat(server.regression()).isTrue();
        assertThat(server.changePct()).isBetween(9.0, 11.0);
        assertThat(server.lowPct()).isGreaterThan(8.0);
        assertThat(changes.stream().filter(c -> c.figure().equals("throughput")).findFirst().orElseThrow().regression()).isTrue();
    }

    @Test
    void theSameServiceTwiceIsNoRegression() {
        List<List<Repetition>> r = rounds(10, 1.0, 2);
        assertThat(new PairedVerdict(5, 0.05).compare(r.get(0), r.get(1))).noneMatch(Change::regression);
    }

    @Test
    void oneRoundCannotBeTested() {
        List<List<Repetition>> r = rounds(1, 1.5, 3);
        assertThat(new PairedVerdict(5, 0.05).compare(r.get(0), r.get(1))).isEmpty();
    }
}
