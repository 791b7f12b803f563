package io.idbench.support;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.provision.ConnectionPools;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.provision.ExternalPostgresProvider;
import io.idbench.provision.PoolWaits;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One real embedded PostgreSQL for the whole test JVM (started on first use, stopped by a
 * shutdown hook), the same provider the service uses. Tests reset the tables, not the server.
 */
public final class TestDatabase {
    /** The tests' server: small shared buffers, a throw-away data directory. */
    public static final ScenarioConfig CONFIG = ScenarioConfig.builder().withPgSharedBuffers("128MB")
            .withPgDataDir(ScenarioConfig.NO_PG_DATA_DIR).build();
    private static EmbeddedPostgresProvider postgres;
    private static HikariDataSource pool;

    private TestDatabase() {
    }

    public static synchronized HikariDataSource pool() {
        if (pool == null) {
            QuickTier.refuseServer("the tests' embedded PostgreSQL");
            postgres = EmbeddedPostgresProvider.start(CONFIG, "tests: one embedded server per JVM");
            pool = ConnectionPools.create(postgres, 30);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                pool.close();
                postgres.close();
            }));
        }
        return pool;
    }

    public static synchronized EmbeddedPostgresProvider provider() {
        pool();
        return postgres;
    }

    /**
     * A new, empty database {@code name} on the tests' server (dropped first if it exists), with
     * its own pool: for tests and benchmarks that must not share tables with the rest.
     */
    public static HikariDataSource fresh(String name, int poolSize) {
        return fresh(name, poolSize, null);
    }

    /** … with the pool's connection waits recorded into {@code waits}. */
    public static HikariDataSource fresh(String name, int poolSize, PoolWaits waits) {
        try (Connection c = pool().getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute("DROP DATABASE IF EXISTS " + name);
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create database " + name + ": " + e.getMessage(), e);
        }
        return ConnectionPools.create(new ExternalPostgresProvider(
                postgres.jdbcUrl().replace("/" + EmbeddedPostgresProvider.DATABASE, "/" + name), postgres.user(),
                postgres.password(), "tests: database " + name), poolSize, waits, ScenarioConfig.DEFAULT_STATEMENT_TIMEOUT_MS);
    }

    /** Empties every idbench table (the schema stays). */
    public static void reset() {
        execute("DO $$ BEGIN IF to_regclass('scim_membership') IS NOT NULL THEN "
                + "TRUNCATE scim_dyn_membership, scim_membership, scim_membership_count, scim_membership_block, scim_user, scim_group; END IF; "
                + "IF to_regclass('r_membership') IS NOT NULL THEN "
                + "TRUNCATE r_dyn_membership, r_membership, r_membership_count, r_membership_block, u_unique_value, u_value, u_attr, r_user, g_unique_value, g_value, g_attr, r_group; "
                + "END IF; END $$");
    }

    /** Empties the users (and memberships) of every storage; groups stay. */
    public static void deleteUsers() {
        execute("DO $$ BEGIN IF to_regclass('scim_membership') IS NOT NULL THEN "
                + "TRUNCATE scim_dyn_membership, scim_membership, scim_membership_count, scim_membership_block, scim_user; END IF; "
                + "IF to_regclass('r_membership') IS NOT NULL THEN "
                + "TRUNCATE r_dyn_membership, r_membership, r_membership_count, r_membership_block, u_unique_value, u_value, u_attr, r_user; END IF; END $$");
    }

    /** Users stored by the storage under test. */
    public static long userCount(Storage storage) {
        return count("SELECT count(*) FROM " + storage.userTable());
    }

    public static void execute(String sql) {
        try (Connection c = pool().getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static long count(String sql) {
        try (Connection c = pool().getConnection(); Statement s = c.createStatement();
                var rs = s.executeQuery(sql)) {
            rs.next();
            long n = rs.getLong(1);
            c.commit();
            return n;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
