package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import io.idbench.record.WallTime;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** How long a list of scenarios will take, from the fixture's recorded runs: each scenario's newest complete run counts. */
class EstimateCommandTest {
    static final Path FIXTURE = Path.of("src/test/resources/site-fixture/results");

    private final CommandRun cli = new CommandRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int estimate(String... args) {
        return cli.execute("estimate", args);
    }

    @Test
    void eachScenarioCountsWithItsNewestCompleteRunAndAnUnrecordedOneIsNamed() {
        assertThat(estimate("--results=" + FIXTURE, "jsonb-nodyn-1k", "relational-nodyn-1k", "never-run-1k")).isZero();
        // jsonb-nodyn-1k's newest run took 25.5 s from its preparation to its record; relational-nodyn-1k's 28.3 s.
        assertThat(out.toString()).contains("jsonb-nodyn-1k", "25.5 s  (run 20261123-002754)")
                .contains("never-run-1k", "no complete run recorded: not counted")
                .endsWith("Expected wall time: 53.9 s for 2 scenarios, and 1 never recorded here (not counted)\n");
    }

    @Test
    void aRunThatTimedItsBuildCountsFromMavensStart() {
        RunRecordBuilder run = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).started("2026-11-26T22:00:00Z")
                .ended("2026-11-26T22:03:00Z");
        assertThat(EstimateCommand.seconds(run.build())).as("before wallTime: preparation to record").isEqualTo(180.0);
        WallTime timed = new WallTime(9.0, 3.0, null, 12.0, 45.0, 93.0, 1.3, 3.2, 3.2, 189.0);
        assertThat(EstimateCommand.seconds(run.wallTime(timed).build())).as("the build's own steps too").isEqualTo(189.0);
    }

    @Test
    void noResultsYetCountsNothing() {
        assertThat(estimate("--results=" + FIXTURE.resolve("nowhere"), "jsonb-nodyn-1k")).isZero();
        assertThat(out.toString()).endsWith("Expected wall time: 0 s for 0 scenarios, and 1 never recorded here (not counted)\n");
    }

    @Test
    void aBadScenarioNameIsOneLine() {
        assertThat(estimate("--results=" + FIXTURE, "../etc")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("idbench: a scenario is a name of parameters/<scenario>.properties, was '../etc'\n");
    }
}
