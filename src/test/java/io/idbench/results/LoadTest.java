package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A run's load in words, and how two loads differ. */
class LoadTest {
    private static Load load(Runs r) {
        return r.build().load();
    }

    @Test
    void aLoadSaysItsPlanAndHowItWasDriven() {
        assertThat(load(Runs.of("jsonb-nodyn-1k", "a")).words()).isEqualTo("plan 1 (heterogeneous), 10 threads × 30 loops");
        assertThat(load(Runs.of("jsonb-nodyn-1k", "a").with("plan", "query-values").with("threads", "50").with("duration", "20"))
                .words()).isEqualTo("plan 4 (query-values), 50 threads for 20 s a repetition");
        assertThat(load(Runs.of("jsonb-nodyn-1k", "a").with("plan", "read-flood").with("rate", "200")).words())
                .isEqualTo("plan 2 (read-flood), 200 req/s offered (open model)");
        assertThat(load(Runs.of("jsonb-nodyn-1k", "a").with("instances", "2")).driven())
                .isEqualTo("10 threads × 30 loops, 2 service replicas");
    }

    @Test
    void twoLoadsSayWhereTheyDiffer() {
        Load ten = load(Runs.of("jsonb-nodyn-1k", "a"));
        assertThat(ten).isEqualTo(load(Runs.of("relational-10k", "b")));
        assertThat(load(Runs.of("jsonb-nodyn-1k", "a").with("threads", "50").with("warmup", "10")).differences(ten))
                .containsExactly("50 against 10 threads", "warmup 10 against 5");
    }
}
