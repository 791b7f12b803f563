package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Change;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The nightly guard: this build against last night's jar in one run, judged as its side A record holds it. */
class GuardVerdictTest {
    private static final String LAST_NIGHT = "/var/lib/idbench/history/jars/idbench-1a2b3c4.jar";

    static RecordedRun guard(String runId, String at, List<Change> changes) {
        RecordedRun run = Runs.of("jsonb-nodyn-1k", runId).at(at).with("versus.jar", LAST_NIGHT).build();
        List<io.idbench.record.Side> schedule = new ArrayList<>();
        for (int i = 0; i < 48; i++) {
            schedule.add(i % 2 == 0 ? Side.A : Side.B);
        }
        Versus v = new Versus("results/jsonb-nodyn-1k/" + runId, "results/jsonb-nodyn-1k/" + runId + "-versus", 5, 0.05, schedule, null,
                changes, changes.stream().filter(Change::regression).count(), 0L, changes.size(), false,
                "measured by the 8 forks themselves",
                null, Side.A, Side.A, 8, null, List.of("ALL p50", "ALL p95", "ALL throughput"), 0L, true, Side.B);
        return new RecordedRun(Path.of("jsonb-nodyn-1k", runId), run.record().withVersus(v));
    }

    static Change change(String label, String figure, double pct, boolean regression, boolean primary) {
        return new Change(label, figure, 3, 3 * (1 + pct / 100), pct, pct - 2, pct + 2, regression ? 0.001 : 0.5, regression, regression,
                false, 4.2, 0.01, 1.5, primary ? Boolean.TRUE : null);
    }

    @Test
    void theNewestGuardOfAScenarioIsJudgedAndARegressionCounts() {
        RecordedRun older = guard("guard-1", "2026-11-26T01:00:00Z", List.of(change("ALL", "p50", 9, true, true)));
        RecordedRun newer = guard("guard-2", "2026-11-27T01:00:00Z", List.of(change("ALL", "p50", 1, false, true),
                change("Update existing user", "serverCpuUs", 12, true, false)));
        List<GuardVerdict> guards = GuardVerdict.newest(RunHistory.of(List.of(newer, older)));
        assertThat(guards).hasSize(1);
        GuardVerdict g = guards.get(0);
        assertThat(g.run().runId()).isEqualTo("guard-2");
        assertThat(g.reference()).isEqualTo("idbench-1a2b3c4.jar");
        assertThat(g.design()).isEqualTo("8 forks of 3 rounds, a duet");
        assertThat(g.regressed()).isTrue();
        assertThat(g.lines()).containsExactly("guard jsonb-nodyn-1k guard-2 (this build against idbench-1a2b3c4.jar, 8 forks of 3"
                + " rounds, a duet): secondary: Update existing user serverCpuUs +12.0% [+10.0%, +14.0%]");
        NightlyVerdict verdict = new NightlyVerdict(5, List.of()).withGuards(guards);
        assertThat(verdict.anyRegression()).isTrue();
        assertThat(verdict.lines()).first().asString().startsWith("guard jsonb-nodyn-1k guard-2");
    }

    @Test
    void aGuardWithoutRegressionSaysWhatItCouldHaveSeen() {
        GuardVerdict g = GuardVerdict.newest(RunHistory.of(List.of(guard("guard-3", "2026-11-28T01:00:00Z",
                List.of(change("ALL", "p50", 1, false, true), change("ALL", "throughput", -1, false, true)))))).get(0);
        assertThat(g.regressed()).isFalse();
        assertThat(g.lines()).containsExactly("guard jsonb-nodyn-1k guard-3 (this build against idbench-1a2b3c4.jar, 8 forks of 3"
                + " rounds, a duet): no regression (could have seen ALL p50 ±4.2%, ALL throughput ±4.2%)");
        assertThat(new NightlyVerdict(5, List.of()).withGuards(List.of(g)).anyRegression()).isFalse();
    }

    @Test
    void aComparisonJudgingBAgainstAIsNoGuard() {
        RecordedRun run = Runs.of("jsonb-nodyn-1k", "ab-1").build();
        Versus v = new Versus("a", "b", 5, 0.05, List.of(Side.A, Side.B), null, List.of(), 0L, 0L, 0, false, null, null, Side.A, Side.A);
        assertThat(GuardVerdict.newest(RunHistory.of(List.of(new RecordedRun(Path.of("x"), run.record().withVersus(v)))))).isEmpty();
    }
}
