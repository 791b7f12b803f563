package io.idbench.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.record.SeedRecord;
import io.idbench.seed.DatasetStore;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A seeded Keycloak database kept as a template on a real PostgreSQL: unknown until kept complete,
 * cloned into Keycloak's database with the ids inside it, and never taken for complete with ids
 * missing. (Keycloak's own tables play no part: the dataset is the database, whatever it holds.)
 */
@StartsServers
class KeycloakDatasetTest {
    private static final String KEYCLOAK_DB = "kc_dataset_test";

    @Test
    void aSeededDatabaseIsKeptClonedAndReadBack() throws Exception {
        KeycloakDataset dataset = new KeycloakDataset("idbset_kc_dataset_test_3", 3);
        SeedRecord seed = SeedRecord.of(dataset.name(), "Keycloak, PostgreSQL (embedded)", 3, null, 1, null, SeedRecord.LOADED,
                SeedRecord.Phases.intoTables(Duration.ofMillis(300), Duration.ofMillis(100)), Duration.ofSeconds(2), 18L << 20, null, null);
        List<String> ids = List.of("id-of-1", "id-of-2", "id-of-3");
        try (HikariDataSource seeded = TestDatabase.fresh(KEYCLOAK_DB, 1); Connection admin = TestDatabase.pool().getConnection()) {
            admin.setAutoCommit(true);
            try (Statement s = admin.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + dataset.name() + " WITH (FORCE)");
            }
            assertThat(dataset.kept(admin)).isFalse();
            try (Connection c = seeded.getConnection(); Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                s.execute("CREATE TABLE keycloak_realm (name text)");
                s.execute("INSERT INTO keycloak_realm VALUES ('idbench')");
                KeycloakDataset.save(c, ids, "admin-password-of-the-seed");
            }
            seeded.close(); // a template takes no connections, as Keycloak is stopped before
            dataset.keep(admin, KEYCLOAK_DB, seed);
            assertThat(dataset.kept(admin)).isTrue();
            assertThat(dataset.loaded(admin).action()).isEqualTo(SeedRecord.LOADED);
            assertThat(new DatasetStore(admin, false).list()).as("idbench datasets lists it, with its seed")
                    .anySatisfy(k -> {
                        assertThat(k.name()).isEqualTo(dataset.name());
                        assertThat(k.loaded().storage()).isEqualTo("Keycloak, PostgreSQL (embedded)");
                    });
            assertThat(KeycloakDataset.of(3).kept(admin)).as("another version or size").isFalse();

            try (Statement s = admin.createStatement()) {
                s.execute("DROP DATABASE " + KEYCLOAK_DB + " WITH (FORCE)");
            }
            assertThat(dataset.cloneTo(admin, KEYCLOAK_DB)).isPositive();
            String url = TestDatabase.provider().jdbcUrl().replaceAll("/[^/]+$", "/" + KEYCLOAK_DB);
            try (Connection c = java.sql.DriverManager.getConnection(url, TestDatabase.provider().user(),
                    TestDatabase.provider().password())) {
                assertThat(dataset.ids(c)).isEqualTo(ids);
                assertThat(dataset.adminPassword(c)).isEqualTo("admin-password-of-the-seed");
                assertThatThrownBy(() -> new KeycloakDataset("idbset_kc_dataset_test_3", 4).ids(c))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessage("dataset idbset_kc_dataset_test_3 holds 3 ids, expected 4");
            }
            try (Statement s = admin.createStatement()) {
                s.execute("DROP DATABASE " + KEYCLOAK_DB + " WITH (FORCE)");
                s.execute("DROP DATABASE " + dataset.name() + " WITH (FORCE)");
            }
        }
    }
}
