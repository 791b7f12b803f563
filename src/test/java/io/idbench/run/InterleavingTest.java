package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Side;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Which side goes first, in a round and at start, is drawn afresh for each run, even for run ids a digit apart. */
class InterleavingTest {
    private static final List<String> RUN_IDS = IntStream.rangeClosed(1, 40).mapToObj(i -> String.format("aa-%02d", i)).toList();

    @Test
    void eachRoundHasBothSidesInADrawnOrder() {
        List<Side> schedule = Interleaving.schedule(10, "20261126-104548");
        assertThat(schedule).hasSize(20);
        for (int r = 0; r < 10; r++) {
            assertThat(schedule.subList(2 * r, 2 * r + 2)).containsExactlyInAnyOrder(Side.A, Side.B);
        }
        assertThat(Interleaving.schedule(10, "20261126-104548")).as("the same run id, the same schedule").isEqualTo(schedule);
    }

    @Test
    void runIdsADigitApartStartWithEitherSideAsOften() {
        long bFirst = RUN_IDS.stream().filter(id -> Interleaving.startsFirst(id) == Side.B).count();
        long bFirstInRound = RUN_IDS.stream().filter(id -> Interleaving.schedule(1, id).get(0) == Side.B).count();
        // Binomial(40, 1/2): 12 to 28 holds 99 % of draws; java.util.Random gave 0 of 10 for aa1-01 … aa1-10.
        assertThat(bFirst).isBetween(12L, 28L);
        assertThat(bFirstInRound).isBetween(12L, 28L);
    }
}
