package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The order a bulk load rebuilds keys and indexes in, on a real PostgreSQL: a table's VACUUM is
 * listed right after its own builds (so a free worker takes it before the next table's), a foreign
 * key waits for both tables' VACUUMs, a GIN build gets its own memory, and the steps rebuild
 * exactly what was dropped.
 */
@StartsServers
class DeferredKeysTest {
    private static final List<String> TABLES = List.of("big", "small");

    @Test
    void eachTableIsVacuumedBeforeTheNextTablesBuildsAndItsForeignKeyWaitsForBoth() throws SQLException {
        try (HikariDataSource ds = TestDatabase.fresh("deferred_keys", 1)) {
            Database database = new Database(ds.getJdbcUrl(), ds.getUsername(), ds.getPassword());
            List<ParallelDdl.Step> steps;
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                s.execute("CREATE TABLE big (id int PRIMARY KEY, mail jsonb, name text)");
                s.execute("CREATE INDEX big_mail ON big USING gin (mail jsonb_path_ops)");
                s.execute("CREATE INDEX big_name ON big (lower(name))");
                s.execute("CREATE TABLE small (id int PRIMARY KEY, big_id int REFERENCES big (id))");
                s.execute("INSERT INTO big SELECT g, jsonb_build_array(g), 'n' || g FROM generate_series(1, 2000) g");
                s.execute("INSERT INTO small SELECT g, g FROM generate_series(1, 10) g");
                DeferredKeys keys = DeferredKeys.of(c, TABLES);
                keys.drop(c);
                assertThat(count(s, "SELECT count(*) FROM pg_index WHERE indrelid IN ('big'::regclass, 'small'::regclass)")).isZero();
                steps = keys.restore(database, TABLES);
            }

            assertThat(steps).extracting(ParallelDdl.Step::name).containsExactly("big_name", "big_pkey", "big_mail",
                    "big_pkey (constraint)", "VACUUM (ANALYZE) big", "small_pkey", "small_pkey (constraint)",
                    "VACUUM (ANALYZE) small", "small_big_id_fkey", "small_big_id_fkey (validation)");
            Map<String, ParallelDdl.Step> byName = steps.stream().collect(Collectors.toMap(ParallelDdl.Step::name, Function.identity()));
            assertThat(byName.get("big_mail").maintenanceWorkMem()).isEqualTo(ParallelDdl.GIN_BUILD_MEM);
            assertThat(byName.get("big_name").maintenanceWorkMem()).isEqualTo(ParallelDdl.WORK_MEM);
            assertThat(byName.get("VACUUM (ANALYZE) big").after()).containsExactlyInAnyOrder("big_name", "big_pkey", "big_mail",
                    "big_pkey (constraint)");
            assertThat(byName.get("small_big_id_fkey").after()).contains("VACUUM (ANALYZE) big", "VACUUM (ANALYZE) small");

            ParallelDdl.run(database, 2, steps, n -> {
            });
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                assertThat(count(s, "SELECT count(*) FROM pg_index WHERE indrelid IN ('big'::regclass, 'small'::regclass)")).isEqualTo(4);
                assertThat(count(s, "SELECT count(*) FROM pg_constraint WHERE conrelid IN ('big'::regclass, 'small'::regclass) "
                        + "AND convalidated")).isEqualTo(3);
                assertThat(count(s, "SELECT count(*) FROM pg_stat_user_tables WHERE relname IN ('big', 'small') "
                        + "AND last_vacuum IS NOT NULL AND last_analyze IS NOT NULL")).isEqualTo(2);
            }
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
