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

    @Test
    void aBarePercentageIsNoVerdictButAStepBeyondTheNoiseIsShown() {
        // Records without intervals: p95 +15 % (inside any same-code spread) and, in another scenario, throughput 3.5x.
        LastNight n = night(Runs.of("jsonb-nodyn-1k", "a").bare(), Runs.of("jsonb-nodyn-1k", "a2").bare().throughput(1100)
                .at("2026-11-20T01:05:00Z"), Runs.of("jsonb-nodyn-1k", "a3").bare().throughput(950).at("2026-11-20T01:06:00Z"),
                Runs.of("relational-nodyn-100k", "r").bare().throughput(293).at("2026-11-20T01:10:00Z"),
                Runs.of("jsonb-nodyn-1k", "b").code("bbbbbbb2bbbbbbb2").bare().slower(1.15).at("2026-11-21T01:00:00Z"),
                Runs.of("relational-nodyn-100k", "r2").code("bbbbbbb2bbbbbbb2").throughput(1020).at("2026-11-21T01:10:00Z"));
        assertThat(n.regressions()).isEmpty();
        assertThat(n.improvements()).isEmpty();
        assertThat(n.steps()).allSatisfy(s -> {
            assertThat(s.judgedAgainstBaseline()).isFalse();
            assertThat(s.noInterval()).startsWith("not judged: no interval recorded on ");
            assertThat(s.flagged()).isEmpty();
        });
        assertThat(n.betweenCommits()).extracting(r -> r.step().run().scenario() + " " + r.change().figure())
                .containsExactly("relational-nodyn-100k throughput");
    }

    @Test
    void nothingJudgedIsNoCleanBill() {
        RunHistory h = RunHistory.of(List.of(Runs.of("jsonb-nodyn-1k", "a").build(), Runs.of("jsonb-nodyn-1k", "b")
                .at("2026-11-21T01:00:00Z").build()));
        NightlyVerdict v = Trends.compute(h, Verdict.DEFAULT_MIN_EFFECT, null).verdict();
        assertThat(v.nothingJudged()).isTrue();
        assertThat(v.anyRegression()).isFalse();
        assertThat(v.lines()).last().isEqualTo("Nothing judged: none of the newest runs of 1 series had a baseline of other code,"
                + " with intervals, on a machine as fast, to judge it by");
    }

    @Test
    void aSameCodeMoveBeyondBothRunsIntervalsIsNamedAsTheMachines() {
        LastNight n = night(Runs.of("jsonb-nodyn-1k", "nightly-1").throughput(1760), Runs.of("relational-nodyn-1k", "nightly-1"),
                Runs.of("jsonb-nodyn-1k", "nightly-2").throughput(1330).at("2026-11-21T01:00:00Z"),
                Runs.of("relational-nodyn-1k", "nightly-2").throughput(1010).at("2026-11-21T01:10:00Z"));
        assertThat(n.machineMoves()).singleElement().satisfies(m -> {
            assertThat(m.after().scenario()).isEqualTo("jsonb-nodyn-1k");
            assertThat(m.before().runId()).isEqualTo("nightly-1");
            assertThat(m.changes()).singleElement().satisfies(c -> assertThat(c.changePct()).isEqualTo((1330.0 / 1760 - 1) * 100,
                    org.assertj.core.data.Offset.offset(1e-9)));
        });
    }
}
