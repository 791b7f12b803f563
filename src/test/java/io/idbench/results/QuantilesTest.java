package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.junit.jupiter.api.Test;

/** Percentiles on a clock with a tick: interpolated within the tick, over weighted unions of samples. */
class QuantilesTest {

    @Test
    void aWholeMillisecondValueIsReadWithinItsTick() {
        double[] ms = {4, 4, 5, 5, 5, 6};
        // 3 of 6 samples at or below the median: 2 are below 5, the 5s hold ranks 3-5, so p50 is a third into 5's tick.
        assertThat(Quantiles.of(ms, 50, Quantiles.MILLISECOND_TICK)).isCloseTo(4.5 + 1.0 / 3, within(1e-9));
        assertThat(Quantiles.of(ms, 100, Quantiles.MILLISECOND_TICK)).isCloseTo(6.5, within(1e-9));
        assertThat(Quantiles.of(new double[0], 50, 1)).isNaN();
    }

    @Test
    void withoutATickItIsTheNearestRankPercentile() {
        double[] values = new double[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 7919) % 1000; // 0..999, each once
        }
        Arrays.sort(values);
        assertThat(Quantiles.of(values, 95, 0)).isEqualTo(949);
        // commons-math's estimate of the same percentile agrees to within one rank.
        assertThat(Quantiles.of(values, 95, 0)).isCloseTo(new Percentile().evaluate(values, 95), within(1.0));
    }

    @Test
    void aTallyOfManySamplesCountedSeveralTimesIsTheirUnionRepeated() {
        double[] a = {1, 2, 3, 8};
        double[] b = {2, 2, 9};
        double[] union = {1, 2, 3, 8, 1, 2, 3, 8, 2, 2, 9};
        Arrays.sort(union);
        Tally tally = Tally.of(List.of(a, b));
        long[] counts = tally.empty();
        Tally.add(counts, tally.count(a), 2);
        Tally.add(counts, tally.count(b), 1);
        for (double p : new double[] {10, 50, 90, 99}) {
            assertThat(tally.percentile(counts, p, 1)).as("p%s", p).isEqualTo(Quantiles.of(union, p, 1));
        }
    }
}
