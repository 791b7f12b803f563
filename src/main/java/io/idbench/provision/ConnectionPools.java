package io.idbench.provision;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/** The service's HikariCP pool on a provisioned PostgreSQL. */
public final class ConnectionPools {
    private ConnectionPools() {
    }

    /**
     * A fixed-size pool (min = max: no connection churn during a measurement), autocommit off
     * (Hibernate is told, so it never toggles it per transaction), batched inserts rewritten.
     */
    public static HikariDataSource create(PostgresProvider pg, int size) {
        return create(pg.jdbcUrl(), pg.user(), pg.password(), size);
    }

    public static HikariDataSource create(String jdbcUrl, String user, String password, int size) {
        return create(jdbcUrl, user, password, size, null);
    }

    /** The service's pool, with its connection waits recorded into {@code waits} (null: not recorded). */
    public static HikariDataSource create(PostgresProvider pg, int size, PoolWaits waits) {
        return create(pg.jdbcUrl(), pg.user(), pg.password(), size, waits);
    }

    private static HikariDataSource create(String jdbcUrl, String user, String password, int size, PoolWaits waits) {
        HikariConfig hc = new HikariConfig();
        if (waits != null) {
            hc.setMetricsTrackerFactory(waits);
        }
        hc.setJdbcUrl(jdbcUrl);
        hc.setUsername(user);
        hc.setPassword(password);
        hc.setMaximumPoolSize(size);
        hc.setMinimumIdle(size);
        hc.setAutoCommit(false);
        hc.setPoolName("idbench");
        hc.addDataSourceProperty("reWriteBatchedInserts", "true");
        hc.addDataSourceProperty("ApplicationName", "idbench");
        return new HikariDataSource(hc);
    }
}
