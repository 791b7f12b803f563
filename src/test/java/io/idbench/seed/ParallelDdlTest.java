package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The scheduler of a seed's index and key builds, on a real PostgreSQL: a step starts only after
 * the steps it waits for, every step's time is kept, and steps that wait for a step that never
 * runs fail at once with their names instead of leaving the seed waiting forever.
 */
@StartsServers
class ParallelDdlTest {
    private static Database database() {
        EmbeddedPostgresProvider pg = TestDatabase.provider();
        return new Database(pg.jdbcUrl(), pg.user(), pg.password());
    }

    @Test
    void aStepRunsAfterTheStepsItWaitsFor() throws SQLException {
        List<ParallelDdl.Step> steps = List.of(new ParallelDdl.Step("last", "SELECT 3", Set.of("first", "second")),
                new ParallelDdl.Step("second", "SELECT pg_sleep(0.2)", Set.of("first")),
                new ParallelDdl.Step("first", "SELECT 1", Set.of()));

        Map<String, Duration> took = ParallelDdl.run(database(), 2, steps, n -> {
        });

        assertThat(took.keySet()).containsExactly("first", "second", "last");
        assertThat(took.get("second")).isGreaterThanOrEqualTo(Duration.ofMillis(200));
    }

    @Test
    void stepsWaitingForAStepThatNeverRunsFailWithTheirNames() {
        List<ParallelDdl.Step> steps = List.of(new ParallelDdl.Step("first", "SELECT 1", Set.of()),
                new ParallelDdl.Step("orphan", "SELECT 2", Set.of("missing")));

        assertThatThrownBy(() -> ParallelDdl.run(database(), 2, steps, n -> {
        })).isInstanceOf(SQLException.class).hasMessage("These statements wait for steps that never run: [orphan]");
    }
}
