package io.idbench.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.idbench.config.ScenarioConfig;
import io.idbench.support.ExitsAsPgCtlRuns;
import io.idbench.support.Postmasters;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded server is configured for benchmarking; an external one is used as given and left running. */
@StartsServers
class PostgresProviderTest {

    private static String query(String url, String user, String password, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void embeddedServerIsDurableAndObservable() throws SQLException {
        EmbeddedPostgresProvider pg = TestDatabase.provider();
        assertThat(pg.port()).isNotEqualTo(5432);
        assertThat(pg.jdbcUrl()).startsWith("jdbc:postgresql://127.0.0.1:");
        assertThat(query(pg.jdbcUrl(), pg.user(), pg.password(), "SHOW fsync")).isEqualTo("on");
        assertThat(query(pg.jdbcUrl(), pg.user(), pg.password(), "SHOW synchronous_commit")).isEqualTo("on");
        assertThat(query(pg.jdbcUrl(), pg.user(), pg.password(), "SHOW listen_addresses")).isEqualTo("127.0.0.1");
        assertThat(query(pg.jdbcUrl(), pg.user(), pg.password(),
                "SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'")).isEqualTo("1");
        assertThat(query(pg.jdbcUrl(), pg.user(), pg.password(), "SHOW server_version")).startsWith("17.");
        assertThat(pg.description()).startsWith("PostgreSQL: embedded PostgreSQL 17.");
    }

    /**
     * The race behind a build killed as its service started PostgreSQL ("PostgreSQL left running … last said: Starting
     * PostgreSQL"): zonky starts pg_ctl without waiting for it, then registers a shutdown hook, which throws "Shutdown in
     * progress" in a JVM already exiting; the failed start found no postmaster yet and disarmed the start's reaper, so the
     * postmaster pg_ctl then brought up was left running. Each JVM here begins to exit the moment pg_ctl runs.
     */
    @Test
    void aStartCutShortByTheJvmsExitLeavesNoPostmaster(@TempDir Path dir) throws Exception {
        Path dataDir = dir.resolve("pg");
        for (int i = 0; i < 8; i++) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), ExitsAsPgCtlRuns.class.getName(), dataDir.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("start-" + i + ".log").toFile()).start();
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
            int start = i;
            assertThat(Files.readString(dir.resolve("start-" + i + ".log"))).as("the JVM exited as pg_ctl ran").contains(
                    ExitsAsPgCtlRuns.PG_CTL_RUNS);
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> assertThat(Postmasters
                    .onDataDirectory(dataDir)).as("a postmaster left by start " + start + " (exit " + p.exitValue() + "): "
                            + Files.readString(dir.resolve("start-" + start + ".log")))
                    .isEmpty());
        }
    }

    /**
     * The reaper of a start cut short waits a while for the postmaster its pg_ctl may still bring up: the next start on the
     * directory, which holds its lock, disarms it first, so the server that start brings up is not stopped by it. Here the
     * earlier JVM ends before its pg_ctl ran: its reaper finds no postmaster and would wait for one.
     */
    @Test
    void theNextStartOnTheDirectoryIsNotStoppedByAnEarlierStartsReaper(@TempDir Path dir) throws Exception {
        Path dataDir = dir.resolve("pg");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), ExitsAsPgCtlRuns.class.getName(), dataDir.toString(),
                ExitsAsPgCtlRuns.BEFORE_PG_CTL).redirectErrorStream(true).redirectOutput(dir.resolve("cut-short.log").toFile()).start();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        try (EmbeddedPostgresProvider next = EmbeddedPostgresProvider.start(ScenarioConfig.builder().withPgSharedBuffers("16MB")
                .withPgDataDir(dataDir.toString()).build(), "the next start")) {
            // Longer than the earlier reaper waits for a postmaster (10 s) once its JVM is gone.
            await().during(Duration.ofSeconds(13)).atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(500)).until(
                    () -> query(next.jdbcUrl(), next.user(), next.password(), "SELECT 1").equals("1"));
        }
    }

    @Test
    void aDatabaseAKilledDropLeftInvalidIsDroppedAtTheNextStart(@TempDir Path dir) throws SQLException {
        ScenarioConfig config = ScenarioConfig.builder().withPgSharedBuffers("128MB").withPgDataDir(dir.resolve("pg").toString())
                .build();
        try (EmbeddedPostgresProvider pg = EmbeddedPostgresProvider.start(config, "the invalid databases' test")) {
            String admin = "jdbc:postgresql://127.0.0.1:" + pg.port() + "/postgres";
            try (Connection c = DriverManager.getConnection(admin, pg.user(), pg.password()); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE idbench_ds_half_dropped");
                // What DROP DATABASE writes first, before it removes the files: a kill after it leaves the database so.
                s.execute("UPDATE pg_database SET datconnlimit = " + EmbeddedPostgresProvider.INVALID_CONNLIMIT
                        + " WHERE datname IN ('idbench_ds_half_dropped', '" + EmbeddedPostgresProvider.DATABASE + "')");
            }
            assertThatThrownBy(() -> query(pg.jdbcUrl(), pg.user(), pg.password(), "SELECT 1"))
                    .hasMessageContaining("cannot connect to invalid database");
        }
        try (EmbeddedPostgresProvider pg = EmbeddedPostgresProvider.start(config, "the invalid databases' test")) {
            assertThat(query(pg.jdbcUrl(), pg.user(), pg.password(), "SELECT count(*) FROM pg_extension WHERE extname = "
                    + "'pg_stat_statements'")).isEqualTo("1");
            assertThat(query(pg.jdbcUrl(), pg.user(), pg.password(), "SELECT string_agg(datname, ',' ORDER BY datname) FROM "
                    + "pg_database WHERE NOT datistemplate")).isEqualTo("idbench,postgres");
        }
    }

    @Test
    void externalServerIsUsedAsGivenAndNotStopped() throws SQLException {
        EmbeddedPostgresProvider running = TestDatabase.provider();
        ScenarioConfig config = ScenarioConfig.builder().withDbUrl(running.jdbcUrl()).withDbUser(running.user())
                .withDbPassword(running.password()).build();
        try (PostgresProvider external = PostgresProvider.start(config)) {
            assertThat(external).isInstanceOf(ExternalPostgresProvider.class);
            assertThat(external.description()).isEqualTo("PostgreSQL: external at " + running.jdbcUrl() + " (auto: --db-url given)");
            assertThat(query(external.jdbcUrl(), external.user(), external.password(), "SELECT 1")).isEqualTo("1");
        }
        assertThat(query(running.jdbcUrl(), running.user(), running.password(), "SELECT 1")).isEqualTo("1");
    }
}
