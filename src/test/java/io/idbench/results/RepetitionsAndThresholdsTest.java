package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.LabelSummary;
import io.idbench.record.Spread;
import io.idbench.record.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The median and spread of repetitions, and the threshold messages, against hand-computed figures. */
class RepetitionsAndThresholdsTest {

    private static LabelSummary s(long samples, long errors, double throughput, long p50, long p95, long p99) {
        return new LabelSummary(samples, errors, (double) errors / samples, throughput, p50, 1, p50, p95, p95, p99, p99, p99,
                null);
    }

    @Test
    void medianAndSpreadOverFiveRepetitions() {
        // throughput 90, 100, 110, 95, 120: sorted 90 95 100 110 120, median 100, spread (120 - 90) / 100 = 30 %.
        List<Map<String, LabelSummary>> reps = List.of(
                Map.of("read", s(100, 0, 90, 2, 5, 9)), Map.of("read", s(100, 0, 100, 2, 6, 9)),
                Map.of("read", s(100, 0, 110, 3, 6, 10)), Map.of("read", s(100, 0, 95, 2, 7, 12)),
                Map.of("read", s(100, 0, 120, 2, 5, 9)));
        Map<String, Spread> read = Repetitions.of(reps).get("read");
        assertThat(read.get("throughput")).isEqualTo(new Spread(100, 90, 120, 30.0));
        // p95 5 5 6 6 7: median 6, spread 2 / 6 = 33.3 %.
        assertThat(read.get("p95")).isEqualTo(new Spread(6, 5, 7, 33.3));
        assertThat(read.get("p50")).isEqualTo(new Spread(2, 2, 3, 50.0));
    }

    @Test
    void anEvenNumberOfRepetitionsTakesTheMeanOfTheMiddleTwo() {
        assertThat(Repetitions.spread(new double[] {4, 6, 8, 100})).isEqualTo(new Spread(7, 4, 100, 1371.4));
    }

    @Test
    void aLabelMissingFromOneRepetitionHasNoSpread() {
        var reps = List.of(Map.of("a", s(1, 0, 1, 1, 1, 1), "b", s(1, 0, 1, 1, 1, 1)), Map.of("a", s(1, 0, 1, 1, 1, 1)));
        assertThat(Repetitions.of(reps)).containsOnlyKeys("a");
    }

    @Test
    void thresholdsNameTheLabelTheFigureAndTheLimit() {
        Thresholds t = new Thresholds(1, 50, 0);
        assertThat(t.violations(Map.of("Search existing user", s(200, 3, 10, 20, 60, 90)))).containsExactly(
                "Search existing user: error rate 1.50% (3 of 200) is above 1%",
                "Search existing user: p95 60 ms is above 50 ms");
        assertThat(t.violations(Map.of("Create new user", s(200, 2, 10, 20, 50, 900)))).isEmpty();
        assertThat(new Thresholds(0, 0, 100).violations(Map.of("x", s(10, 0, 1, 1, 1, 101))))
                .containsExactly("x: p99 101 ms is above 100 ms");
    }
}
