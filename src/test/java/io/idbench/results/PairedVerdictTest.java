package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Round-by-round comparison of two interleaved services: a slow round slows both sides and cancels out. */
class PairedVerdictTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Rounds where the machine's state moves every figure by up to ±25 %, both sides alike; B is A times {@code factor} and ±1 % of its own. */
    private static List<List<JsonNode>> rounds(int n, double factor, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<JsonNode> a = new ArrayList<>();
        List<JsonNode> b = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            double machine = 0.75 + 0.5 * random.nextDouble();
            double own = 0.99 + 0.02 * random.nextDouble();
            a.add(JSON.createObjectNode().set("Update", JSON.createObjectNode().put("serverP50", 3.0 * machine)
                    .put("throughput", 400 / machine)));
            b.add(JSON.createObjectNode().set("Update", JSON.createObjectNode().put("serverP50", 3.0 * machine * factor * own)
                    .put("throughput", 400 / machine / (factor * own))));
        }
        return List.of(a, b);
    }

    @Test
    void tenPercentMoreIsFoundThroughTheMachinesNoise() {
        List<List<JsonNode>> r = rounds(10, 1.10, 1);
        List<Verdict.Change> changes = new PairedVerdict(5, 0.05).compare(r.get(0), r.get(1));
        Verdict.Change server = changes.stream().filter(c -> c.figure().equals("serverP50")).findFirst().orElseThrow();
        assertThat(server.regression()).isTrue();
        assertThat(server.changePct()).isBetween(9.0, 11.0);
        assertThat(server.lowPct()).isGreaterThan(8.0);
        assertThat(changes.stream().filter(c -> c.figure().equals("throughput")).findFirst().orElseThrow().regression()).isTrue();
    }

    @Test
    void theSameServiceTwiceIsNoRegression() {
        List<List<JsonNode>> r = rounds(10, 1.0, 2);
        assertThat(new PairedVerdict(5, 0.05).compare(r.get(0), r.get(1))).noneMatch(Verdict.Change::regression);
    }

    @Test
    void oneRoundCannotBeTested() {
        List<List<JsonNode>> r = rounds(1, 1.5, 3);
        assertThat(new PairedVerdict(5, 0.05).compare(r.get(0), r.get(1))).isEmpty();
    }
}
