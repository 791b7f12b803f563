package io.idbench.provision;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/** The service's HikariCP pool on a provisioned PostgreSQL. */
public final class ConnectionPools {
    /** How long a request waits for a pooled connection before it gets 503. */
    public static final long CONNECTION_TIMEOUT_MS = 5_000;

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
        return new HikariDataSource(config(jdbcUrl, user, password, size, null));
    }

    /**
     * The service's pool, with its connection waits recorded into {@code waits} (null: not
     * recorded) and every statement bounded by {@code statementTimeoutMs} (0: none).
     */
    public static HikariDataSource create(PostgresProvider pg, int size, PoolWaits waits, int statementTimeoutMs) {
        HikariConfig hc = config(pg.jdbcUrl(), pg.user(), pg.password(), size, waits);
        if (statementTimeoutMs > 0) {
            hc.addDataSourceProperty("options", "-c statement_timeout=" + statementTimeoutMs);
        }
        // A dead server is noticed within seconds, not after the default 30 s wait for a connection.
        hc.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
        return new HikariDataSource(hc);
    }

    private static HikariConfig config(String jdbcUrl, String user, String password, int size, PoolWaits waits) {
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
        // Error messages without the server's detail ("Failing row contains (…)") or inlined batch
        // parameters: they would carry password hashes and whole documents into service.log. The
        // detail stays readable in code (PSQLException.getServerErrorMessage()).
        hc.addDataSourceProperty("logServerErrorDetail", "false");
        return hc;
    }
}
