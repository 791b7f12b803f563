package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The newest night of a history: its runs, the commits since the night before, every figure judged, the worst first. */
class LastNightTest {

    private static LastNight night(Runs... runs) {
        RunHistory h = RunHistory.of(List.of(runs).stream().map(Runs::build).toList());
        return LastNight.of(h, Trends.compute(h, Verdict.DEFAULT_MIN_EFFECT, null));
    }

    @Test
    void theNewestBatchIsLastNightAndItsChangesComeTheWorstFirst() {
        LastNight n = night(Runs.of("jsonb-nodyn-1k", "nightly-1").at("2026-11-20T01:00:00Z"),
                Runs.of("relational-nodyn-1k", "nightly-1").at("2026-11-20T01:10:00Z"),
                Runs.of("jsonb-nodyn-1k", "nightly-2").code("bbbbbbb2bbbbbbb2").slower(1.5).at("2026-11-21T01:00:00Z"),
                Runs.of("relational-nodyn-1k", "nightly-2").code("bbbbbbb2bbbbbbb2").throughput(1500).at("2026-11-21T01:10:00Z"));
        assertThat(n.batch()).isEqualTo("nightly-2");
        assertThat(n.steps()).extracting(s -> s.run().runId()).containsOnly("nightly-2");
        assertThat(n.fromCommits()).containsExactly("aaaaaaa1aaaaaaa1");
        assertThat(n.toCommits()).containsExactly("bbbbbbb2bbbbbbb2");
        assertThat(n.regressions()).extracting(r -> r.change().figure()).containsExactlyInAnyOrder("p95", "p50");
        assertThat(n.regressions()).allSatisfy(r -> assertThat(r.step().run().scenario()).isEqualTo("jsonb-nodyn-1k"));
        assertThat(n.improvements()).extracting(r -> r.change().figure()).containsExactly("throughput");
        assertThat(n.changes().get(0).samplesBefore()).isEqualTo(10_000);
    }

    @Test
    void withoutBatchesTheNightIsTheDayBeforeTheNewestRun() {
        LastNight n = night(Runs.of("jsonb-nodyn-1k", "old").at("2026-11-10T01:00:00Z"),
                Runs.of("relational-nodyn-1k", "older").at("2026-11-01T01:00:00Z"),
                Runs.of("jsonb-nodyn-1k", "new").code("bbbbbbb2bbbbbbb2").at("2026-11-20T01:00:00Z"));
        assertThat(n.batch()).isNull();
        assertThat(n.steps()).extracting(s -> s.run().runId()).containsExactly("new");
        assertThat(n.regressions()).isEmpty();
    }

    @Test
    void aNightOfTheSameCodeAsTheNightBeforeIsJudgedByNobody() {
        LastNight n = night(Runs.of("jsonb-nodyn-1k", "nightly-1"), Runs.of("relational-nodyn-1k", "nightly-1"),
                Runs.of("jsonb-nodyn-1k", "nightly-2").slower(2).at("2026-11-21T01:00:00Z"),
                Runs.of("relational-nodyn-1k", "nightly-2").at("2026-11-21T01:10:00Z"));
        assertThat(n.changes()).isEmpty();
        assertThat(n.unjudged()).hasSize(2).allSatisfy(s -> assertThat(s.note()).startsWith("the same code as every earlier run"));
    }
}
