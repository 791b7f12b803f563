package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.common.Json;
import io.idbench.record.RunRecord;
import io.idbench.support.Records;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run against its baseline: an injected regression is flagged with its figures, an unchanged run passes. */
class ComparisonTest {
    static Map<String, Map<String, Double>> labels(double p95, double throughput, double errorRate) throws Exception {
        return Records
                .labels(Json.mapper().readTree("{\"Search existing user\": {\"p50\": 4, \"p95\": " + p95 + ", \"p99\": 20, \"throughput\": "
                        + throughput + ", \"errorRate\": " + errorRate + "}}"));
    }

    @Test
    void anUnchangedRunPasses() throws Exception {
        assertThat(new Comparison(20).compare(labels(10, 500, 0), labels(10, 500, 0))).noneMatch(Comparison.Delta::regression)
                .hasSize(5);
    }

    @Test
    void aLatencyGrownOrAThroughputFallenPastTheToleranceIsARegression() throws Exception {
        List<Comparison.Delta> d = new Comparison(20).compare(labels(10, 500, 0), labels(15, 350, 0));
        assertThat(d).filteredOn(Comparison.Delta::regression).extracting(Comparison.Delta::line).containsExactly(
                "Search existing user         p95             10.00 ->      15.00    +50.0%  REGRESSION",
                "Search existing user         throughput     500.00 ->     350.00    -30.0%  REGRESSION");
    }

    @Test
    void withinTheToleranceAndBetterIsNoRegression() throws Exception {
        // +20 % exactly is within a 20 % tolerance; faster and more throughput are never regressions.
        assertThat(new Comparison(20).compare(labels(10, 500, 0), labels(12, 400, 0))).noneMatch(Comparison.Delta::regression);
        assertThat(new Comparison(0).compare(labels(10, 500, 0), labels(5, 900, 0))).noneMatch(Comparison.Delta::regression);
    }

    @Test
    void anyErrorRateAboveTheBaselinesIsARegression() throws Exception {
        assertThat(new Comparison(20).compare(labels(10, 500, 0), labels(10, 500, 0.001)))
                .filteredOn(Comparison.Delta::regression).extracting(Comparison.Delta::figure).containsExactly("errorRate");
    }

    @Test
    void parametersThatChangeTheShapeAreNamed() throws Exception {
        RunRecord a = Records.of("{\"parameters\": {\"threads\": \"10\", \"duration\": \"0\", \"storage\": \"jsonb\"}}");
        RunRecord b = Records.of("{\"parameters\": {\"threads\": \"50\", \"duration\": \"0\", \"storage\": \"jsonb\"}}");
        assertThat(Comparison.shapeDifferences(a, b)).contains("threads differs: baseline 10, run 50");
    }
}
