package io.idbench.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.seed.Database;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.SeedProgress;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The load into Keycloak's tables on a real PostgreSQL, on the tables' columns as Keycloak 26.7 has them (Keycloak itself plays
 * no part here: BenchmarkLifecycleTest loads a real one, whose SCIM API writes user.1): what the load writes is what the check
 * expects of a SCIM-created identity, foreign keys included, and a difference is named precisely.
 */
@StartsServers
class KeycloakBulkLoadTest {
    private static final String DB = "kc_bulk_load_test";
    private static final String REALM = "idbench";
    private final IdentityGenerator generator = new IdentityGenerator(Json.mapper());
    private Database database;

    @BeforeEach
    void keycloakTables() throws Exception {
        try (HikariDataSource ds = TestDatabase.fresh(DB, 1); Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute("CREATE TABLE realm (id varchar(36) PRIMARY KEY, name varchar(255), default_role varchar(255))");
            s.execute("CREATE TABLE keycloak_group (id varchar(36) PRIMARY KEY, name varchar(255), realm_id varchar(36))");
            s.execute("CREATE TABLE user_entity (id varchar(36) PRIMARY KEY, email varchar(255), email_constraint varchar(255),"
                    + " email_verified boolean NOT NULL DEFAULT false, enabled boolean NOT NULL DEFAULT false, federation_link varchar(255),"
                    + " first_name varchar(255), last_name varchar(255), realm_id varchar(255), username varchar(255),"
                    + " created_timestamp bigint, service_account_client_link varchar(255), not_before integer NOT NULL DEFAULT 0,"
                    + " last_modified_timestamp bigint, UNIQUE (realm_id, username))");
            s.execute("CREATE TABLE user_attribute (name varchar(255) NOT NULL, value varchar(255), user_id varchar(36) NOT NULL"
                    + " REFERENCES user_entity (id), id varchar(36) PRIMARY KEY, long_value_hash bytea, long_value_hash_lower_case bytea,"
                    + " long_value text)");
            s.execute(
                    "CREATE TABLE user_role_mapping (role_id varchar(255) NOT NULL, user_id varchar(36) NOT NULL REFERENCES user_entity (id),"
                            + " PRIMARY KEY (role_id, user_id))");
            s.execute("CREATE TABLE user_group_membership (group_id varchar(36) NOT NULL, user_id varchar(36) NOT NULL"
                    + " REFERENCES user_entity (id), membership_type varchar(255) NOT NULL, PRIMARY KEY (group_id, user_id))");
            s.execute("INSERT INTO realm VALUES ('realm-1', 'idbench', 'default-roles')");
            s.execute("INSERT INTO keycloak_group VALUES ('g-hr', 'hr', 'realm-1'), ('g-employee', 'employee', 'realm-1')");
        }
        String url = TestDatabase.provider().jdbcUrl().replaceAll("/[^/?]+(\\?.*)?$", "/" + DB);
        database = new Database(url, TestDatabase.provider().user(), TestDatabase.provider().password());
    }

    @Test
    void whatTheLoadWritesIsWhatTheCheckExpects() throws Exception {
        KeycloakBulkLoad.Result r = KeycloakBulkLoad.load(database, REALM, 2, 5, generator, SeedProgress.NONE);
        assertThat(r.ids()).hasSize(4).first().isEqualTo(KeycloakUser.id(2).toString());
        try (Connection c = database.connect()) {
            for (long n = 2; n <= 5; n++) {
                KeycloakBulkLoad.check(c, REALM, KeycloakUser.of(generator, n));
            }
            assertThat(count(c, "SELECT count(*) FROM user_attribute")).isEqualTo(4L * KeycloakUser.of(generator, 3).attributes().size());
            assertThat(count(c, "SELECT count(*) FROM user_group_membership WHERE membership_type = 'UNMANAGED'")).isEqualTo(8);
            assertThat(count(c, "SELECT count(*) FROM user_role_mapping WHERE role_id = 'default-roles'")).isEqualTo(4);
        }
    }

    @Test
    void theUserProfileAttributesAreTheMappedOnesAsText() {
        Map<String, String> a = KeycloakUser.of(generator, 7).attributes();
        assertThat(a).containsEntry("employeeNumber", "E7").containsEntry("ssn", String.valueOf(IdentityGenerator.ssn(7)))
                .containsKey("userType").doesNotContainKey("title");
        assertThat(KeycloakUser.of(generator, 7).email()).isEqualTo("user.7@example.org");
    }

    @Test
    void anIdentityStoredOtherwiseIsNamedNotImitated() throws Exception {
        KeycloakBulkLoad.load(database, REALM, 1, 1, generator, SeedProgress.NONE);
        try (Connection c = database.connect(); Statement s = c.createStatement()) {
            // As if the SCIM API had kept the e-mail verified and dropped the ssn.
            s.execute("UPDATE user_entity SET email_verified = true WHERE username = 'user.1'");
            s.execute("DELETE FROM user_attribute WHERE name = 'ssn'");
            assertThatThrownBy(() -> KeycloakBulkLoad.check(c, REALM, KeycloakUser.of(generator, 1)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage(
                            "Keycloak's SCIM API stored user.1 otherwise than a load into its tables would: it wrote email_verified true;"
                                    + " the load would write email_verified false, attribute ssn " + IdentityGenerator.ssn(1));
        }
    }

    @Test
    void aRealmWithoutTheStaticGroupsIsRefused() throws Exception {
        try (Connection c = database.connect(); PreparedStatement s = c.prepareStatement("DELETE FROM keycloak_group WHERE name = ?")) {
            s.setString(1, "employee");
            s.execute();
        }
        assertThatThrownBy(() -> KeycloakBulkLoad.load(database, REALM, 1, 3, generator, SeedProgress.NONE))
                .hasMessage("realm idbench has no group employee: make it before the load");
        assertThatThrownBy(() -> KeycloakBulkLoad.load(database, "other", 1, 3, generator, SeedProgress.NONE))
                .hasMessage("Keycloak's database holds no realm other");
        try (Connection c = database.connect()) {
            assertThat(count(c, "SELECT count(*) FROM user_entity")).as("nothing loaded").isZero();
        }
    }

    private static long count(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement(); var rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
