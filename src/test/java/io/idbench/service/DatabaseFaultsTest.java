package io.idbench.service;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.PasswordHash;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.provision.ConnectionPools;
import io.idbench.scim.RequestLimits;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.store.SqlErrors;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.SqlSeed;
import io.idbench.support.TestDatabase;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.util.PSQLException;

/**
 * What the database's troubles look like to a client: a search that runs past the statement
 * timeout is the client's to narrow (400 tooMany), an unreachable database is a 503, and the
 * driver's messages (which reach the log) carry no row values. Runs once per storage.
 */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class DatabaseFaultsTest extends PerBackendServiceTest {
    private static final int USERS = 20_000;
    private static final int TIMEOUT_MS = 50;

    @Test
    void aSearchPastTheStatementTimeoutIsTooManyAndTheServiceGoesOn() throws Exception {
        TestDatabase.deleteUsers();
        try (Connection c = TestDatabase.pool().getConnection()) {
            c.setAutoCommit(true);
            if (storage() == Storage.JSONB) {
                SqlSeed.jsonb(c, USERS);
            } else {
                SqlSeed.relational(c, USERS);
            }
        }
        StringBuilder heavy = new StringBuilder("emails[value co \"x0\"]");
        for (int i = 1; i < RequestLimits.MAX_FILTER_TERMS; i++) {
            heavy.append(" or emails[value co \"x").append(i).append("\"]");
        }
        ScenarioConfig config = ScenarioConfig.builder().withStorage(storage()).withStatementTimeoutMs(TIMEOUT_MS).build();
        try (HikariDataSource pool = ConnectionPools.create(TestDatabase.provider(), 2, null, TIMEOUT_MS);
                IdentityStore timed = IdentityStores.open(storage(), pool, Json.mapper());
                ScimServer server = ScimServer.start(config, timed,
                        new TokenService(TOKEN, "admin", ADMIN_PASSWORD, 60, Clock.systemUTC()),
                        PasswordHasher.of(PasswordHash.SSHA256, 4))) {
            ScimClient client = new ScimClient(server.baseUrl(), TOKEN);
            Response r = client.get("/Users?count=1&filter=" + q(heavy.toString()));
            assertThat(r.status()).as(r.toString()).isEqualTo(400);
            assertThat(r.body().path("scimType").asText()).isEqualTo("tooMany");
            assertThat(r.body().path("detail").asText()).isEqualTo("The request's database statement ran longer than the "
                    + "service's statement timeout of 50 ms; narrow the filter");
            assertThat(client.get("/Users?filter=" + q("userName eq \"user.7\"")).body().path("totalResults").asLong())
                    .isEqualTo(1);
        } finally {
            TestDatabase.deleteUsers();
        }
    }

    @Test
    void anUnreachableDatabaseIsUnavailableNotAnError() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        SQLException refused = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + closedPort + "/idbench", "postgres", ""));
        assertThat(SqlErrors.unavailable(new IllegalStateException(refused))).isTrue();
        assertThat(SqlErrors.timedOut(refused)).isFalse();
    }

    @Test
    void driverMessagesCarryNoRowValues() throws Exception {
        try (Connection c = TestDatabase.pool().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TEMP TABLE secret_rows (a text NOT NULL, b text)");
            PSQLException e = org.junit.jupiter.api.Assertions.assertThrows(PSQLException.class,
                    () -> s.execute("INSERT INTO secret_rows VALUES (NULL, '{SSHA256}not-for-the-log')"));
            assertThat(e.getMessage()).doesNotContain("not-for-the-log");
            assertThat(e.getServerErrorMessage().getDetail()).contains("not-for-the-log");
            c.rollback();
        }
    }
}
