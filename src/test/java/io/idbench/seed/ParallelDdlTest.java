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
    void eachStepRunsWithItsOwnMaintenanceWorkMem() throws SQLException {
        List<ParallelDdl.Step> steps = List.of(new ParallelDdl.Step("gin", expectMemory("16MB"), Set.of(), "16MB"),
                new ParallelDdl.Step("btree", expectMemory(ParallelDdl.WORK_MEM), Set.of("gin")),
                new ParallelDdl.Step("gin again", expectMemory("16MB"), Set.of("btree"), "16MB"));

        Map<String, Duration> took = ParallelDdl.run(database(), 1, steps, n -> {
        });

        assertThat(took.keySet()).containsExactly("gin", "btree", "gin again");
    }

    @Test
    void buildsRunWithoutParallelWorkers() throws SQLException {
        String expectNoWorkers = "DO $$ BEGIN IF current_setting('max_parallel_maintenance_workers') <> '0' THEN "
                + "RAISE EXCEPTION 'max_parallel_maintenance_workers is %', current_setting('max_parallel_maintenance_workers'); END IF; END $$";

        Map<String, Duration> took = ParallelDdl.run(database(), 2, List.of(ParallelDdl.Step.of(expectNoWorkers)), n -> {
        });

        assertThat(took).containsOnlyKeys(expectNoWorkers);
    }

    /** A statement that fails unless it runs with this maintenance_work_mem. */
    private static String expectMemory(String memory) {
        return "DO $$ BEGIN IF current_setting('maintenance_work_mem') <> '" + memory + "' THEN "
                + "RAISE EXCEPTION 'maintenance_work_mem is %', current_setting('maintenance_work_mem'); END IF; END $$";
    }

    @Test
    void stepsWaitingForAStepThatNeverRunsFailWithTheirNames() {
        List<ParallelDdl.Step> steps = List.of(new ParallelDdl.Step("first", "SELECT 1", Set.of()),
                new ParallelDdl.Step("orphan", "SELECT 2", Set.of("missing")));

        assertThatThrownBy(() -> ParallelDdl.run(database(), 2, steps, n -> {
        })).isInstanceOf(SQLException.class).hasMessage("These statements wait for steps that never run: [orphan]");
    }
}
