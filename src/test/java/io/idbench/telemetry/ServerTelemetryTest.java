package io.idbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.provision.ConnectionPools;
import io.idbench.provision.ExternalPostgresProvider;
import io.idbench.provision.PoolWaits;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Statement statistics degrade instead of failing the run: on a server that did not preload
 * pg_stat_statements, for a user who may not reset it, and on a server that is not idbench's.
 * The window's figures are then the counters' differences, not the server's history.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@StartsServers
class ServerTelemetryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MARKER = "SELECT count(*) AS telemetry_marker FROM pg_class";
    private HikariDataSource superuser;
    private HikariDataSource reader;

    @BeforeAll
    void createAUserWhoMayNotReset() throws SQLException {
        superuser = TestDatabase.fresh("telemetry_foreign", 2);
        try (Connection c = superuser.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
            s.execute("DROP ROLE IF EXISTS telemetry_reader");
            s.execute("CREATE ROLE telemetry_reader LOGIN PASSWORD 'reader-password'");
        }
        String url = superuser.getJdbcUrl();
        reader = ConnectionPools.create(new ExternalPostgresProvider(url, "telemetry_reader", "reader-password", "tests"), 2);
    }

    @AfterAll
    void close() {
        reader.close();
        superuser.close();
    }

    @Test
    void aServerWithoutThePreloadedLibraryIsRecordedWithTheReasonAndTheRunGoesOn() throws Exception {
        try (EmbeddedPostgres plain = EmbeddedPostgres.builder().setServerConfig("listen_addresses", "127.0.0.1").start();
                HikariDataSource ds = ConnectionPools.create(new ExternalPostgresProvider(plain.getJdbcUrl("postgres", "postgres"),
                        "postgres", "postgres", "tests: no shared_preload_libraries"), 2)) {
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                s.execute("CREATE EXTENSION pg_stat_statements"); // offered, installed, but not loaded: as in postgres:17
            }
            ServerTelemetry telemetry = new ServerTelemetry(ds, true, new PoolWaits(), null);
            telemetry.reset();
            JsonNode t = JSON.valueToTree(telemetry.collect());
            assertThat(t.path("statementsUnavailable").asText())
                    .isEqualTo("pg_stat_statements is installed but the server did not load it (shared_preload_libraries)");
            assertThat(t.has("topStatements")).isFalse();
            assertThat(t.path("database").path("sizeBytes").asLong()).as("the rest of the telemetry").isPositive();
        }
    }

    @Test
    void aUserWhoMayNotResetGetsTheWindowsDifferences() throws Exception {
        runMarker(reader, 2); // before the window
        ServerTelemetry telemetry = new ServerTelemetry(reader, true, new PoolWaits(), null);
        telemetry.reset();
        runMarker(reader, 3);
        JsonNode t = JSON.valueToTree(telemetry.collect());
        assertThat(t.path("statementsWindow").asText()).startsWith(
                "counters at the run's start subtracted (resetting them was refused: ERROR: permission denied for function pg_stat_statements_reset");
        assertThat(markerCalls(t)).isEqualTo(3);
    }

    @Test
    void aServerThatIsNotIdbenchsKeepsItsStatistics() throws Exception {
        runMarker(superuser, 4);
        ServerTelemetry telemetry = new ServerTelemetry(superuser, false, new PoolWaits(), null);
        telemetry.reset();
        runMarker(superuser, 1);
        JsonNode t = JSON.valueToTree(telemetry.collect());
        assertThat(t.path("statementsWindow").asText())
                .isEqualTo("counters at the run's start subtracted (the server is not idbench's: its statistics are left as they are)");
        assertThat(markerCalls(t)).isEqualTo(1);
        try (Connection c = superuser.getConnection(); Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT sum(calls) FROM pg_stat_statements WHERE query LIKE '%telemetry_marker%'"
                        + " AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())")) {
            rs.next();
            assertThat(rs.getLong(1)).as("the server's own counters, not reset").isGreaterThanOrEqualTo(5);
        }
    }

    @Test
    void aServerIdbenchOwnsIsResetAtTheWindowsStart() throws Exception {
        runMarker(superuser, 2);
        ServerTelemetry telemetry = new ServerTelemetry(superuser, true, new PoolWaits(), null);
        telemetry.reset();
        runMarker(superuser, 2);
        JsonNode t = JSON.valueToTree(telemetry.collect());
        assertThat(t.path("statementsWindow").asText()).isEqualTo("reset at the run's start");
        assertThat(markerCalls(t)).isEqualTo(2);
    }

    private static void runMarker(HikariDataSource ds, int times) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            for (int i = 0; i < times; i++) {
                s.executeQuery(MARKER).close();
            }
        }
    }

    private static long markerCalls(JsonNode telemetry) {
        return StreamSupport.stream(telemetry.path("topStatements").spliterator(), false)
                .filter(n -> n.path("query").asText().contains("telemetry_marker"))
                .mapToLong(n -> n.path("calls").asLong()).sum();
    }
}
