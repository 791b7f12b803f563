package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.Storage;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.store.ProfileGroupSetup;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The member counts over a bulk load, on a real PostgreSQL and the JSONB storage's schema: rows copied without the
 * counting trigger, then counted by the load's steps, give the counts the trigger keeps, and the trigger is back for
 * every later write.
 */
@StartsServers
class MembershipCountsTest {
    private static final String COUNTS = "SELECT group_id || ' ' || bucket || ' ' || members FROM scim_membership_count ORDER BY 1";
    private static final String BLOCKS = "SELECT group_id || ' ' || block || ' ' || members FROM scim_membership_block ORDER BY 1";
    private static final String MEMBERSHIPS = "INSERT INTO scim_membership (group_id, user_id)"
            + " SELECT g.id, u.id FROM scim_group g, scim_user u WHERE g.display_name <> 'employee' OR u.user_name < 'u3'";

    @Test
    void rowsLoadedWithoutTheTriggerAreCountedAsTheTriggerCountsThem() throws SQLException {
        try (HikariDataSource ds = TestDatabase.fresh("membership_counts", 2);
                IdentityStore store = IdentityStores.open(Storage.JSONB, ds, Json.mapper())) {
            ProfileGroupSetup.ensure(store, false, Json.mapper());
            Database database = new Database(ds.getJdbcUrl(), ds.getUsername(), ds.getPassword());
            try (Connection c = database.connect(); Statement s = c.createStatement()) {
                s.execute("INSERT INTO scim_user (id, user_name, doc, version, created, last_modified)"
                        + " SELECT gen_random_uuid(), 'u' || n, '{}', 1, now(), now() FROM generate_series(1, 5000) n");
                s.execute(MEMBERSHIPS);
                List<String> counts = strings(s, COUNTS);
                List<String> blocks = strings(s, BLOCKS);
                assertThat(counts).as("the trigger counted").hasSizeGreaterThan(64);
                s.execute("TRUNCATE scim_membership, scim_membership_count, scim_membership_block");

                MembershipCounts load = MembershipCounts.of(c, Storage.JSONB);
                load.drop(c);
                s.execute(MEMBERSHIPS);
                assertThat(strings(s, COUNTS)).as("nothing counted while the trigger is away").isEmpty();
                load.restore(c);
                ParallelDdl.run(database, 2, load.steps(), n -> {
                });

                assertThat(strings(s, COUNTS)).isEqualTo(counts);
                assertThat(strings(s, BLOCKS)).isEqualTo(blocks);
                s.execute("INSERT INTO scim_membership (group_id, user_id) SELECT g.id, u.id FROM scim_group g, scim_user u"
                        + " WHERE g.display_name = 'employee' AND u.user_name = 'u4999'");
                assertThat(count(s, "SELECT sum(members) FROM scim_membership_count"))
                        .as("the trigger counts a later write again").isEqualTo(count(s, "SELECT count(*) FROM scim_membership"));
            }
        }
    }

    @Test
    void aSchemaWithoutTheTriggerIsRefusedNamingIt() throws SQLException {
        try (HikariDataSource ds = TestDatabase.fresh("membership_counts_none", 1); Connection c = ds.getConnection()) {
            assertThatThrownBy(() -> MembershipCounts.of(c, Storage.JSONB)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("Table scim_membership has no trigger scim_membership_added keeping its member counts");
        }
    }

    private static List<String> strings(Statement s, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
