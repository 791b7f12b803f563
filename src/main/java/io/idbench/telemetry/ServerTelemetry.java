package io.idbench.telemetry;

import io.idbench.provision.MemoryBound;
import io.idbench.provision.PoolWaits;
import io.idbench.record.Telemetry;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * What the server side did during a run, read where it is known: the database and table sizes
 * from the catalogue, the top statements of the window from pg_stat_statements with their mean
 * times (where the server offers them: {@link StatementStatistics}), the connection pool's waits,
 * and the search index's size. {@link #reset()} starts a new window.
 */
public final class ServerTelemetry {
    private static final int TOP_TABLES = 10;

    private final DataSource dataSource;
    private final PoolWaits poolWaits;
    private final Supplier<Telemetry.SearchIndex> engineStats;
    private final StatementStatistics statements;
    private final MemoryBound bound;
    private final MemoryBound engineBound;
    /** pg_stat_database's blks_hit and blks_read of the run database at the window's start. */
    private long[] blocksBefore = {0, 0};

    /**
     * @param ownsServer  whether idbench started the database server (and may reset its statement statistics)
     * @param engineStats the search index's figures, or null without a search engine
     */
    public ServerTelemetry(DataSource dataSource, boolean ownsServer, PoolWaits poolWaits, Supplier<Telemetry.SearchIndex> engineStats) {
        this(dataSource, ownsServer, poolWaits, engineStats, null, null);
    }

    /**
     * @param bound       PostgreSQL's memory bound ({@code pg.memory}), or null
     * @param engineBound the search engine's ({@code search.memory}), or null
     */
    public ServerTelemetry(DataSource dataSource, boolean ownsServer, PoolWaits poolWaits, Supplier<Telemetry.SearchIndex> engineStats,
            MemoryBound bound, MemoryBound engineBound) {
        this.dataSource = dataSource;
        this.poolWaits = poolWaits;
        this.engineStats = engineStats;
        this.statements = new StatementStatistics(ownsServer);
        this.bound = bound;
        this.engineBound = engineBound;
    }

    /** The window's telemetry; the JVM's is the service's to add. */
    public Telemetry collect() throws SQLException {
        Telemetry.Database database;
        StatementStatistics.Window window;
        Telemetry.Cache cache;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            List<Telemetry.Table> tables = new ArrayList<>();
            SqlRows.forEach(c, "SELECT relname, pg_total_relation_size(c.oid), pg_indexes_size(c.oid), reltuples::bigint FROM pg_class c"
                    + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = current_schema()"
                    + " ORDER BY 2 DESC LIMIT " + TOP_TABLES,
                    rs -> tables.add(new Telemetry.Table(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4))));
            database = new Telemetry.Database(SqlRows.one(c, "SHOW server_version"),
                    Long.parseLong(SqlRows.one(c, "SELECT pg_database_size(current_database())")), tables);
            window = statements.read(c);
            cache = cache(c);
        }
        Telemetry.SearchIndex index = engineStats == null ? null : engineStats.get();
        if (index != null && engineBound != null) {
            index = index.withMemoryBound(measured(engineBound));
        }
        return new Telemetry(database, window.window(), window.unavailable(), window.top(), poolWaits.snapshot(), index, null,
                cache);
    }

    /** Starts a new window: statement statistics and pool waits. Never fails for want of statement statistics. */
    public void reset() throws SQLException {
        poolWaits.reset();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            statements.markStart(c);
            blocksBefore = blocks(c);
        }
        for (MemoryBound b : new MemoryBound[] {bound, engineBound}) {
            if (b != null) {
                b.resetPeak();
            }
        }
    }

    private Telemetry.Cache cache(Connection c) throws SQLException {
        long[] now = blocks(c);
        long hit = now[0] - blocksBefore[0];
        long read = now[1] - blocksBefore[1];
        return new Telemetry.Cache(hit + read == 0 ? null : Math.round(hit * 1000.0 / (hit + read)) / 10.0, read,
                bound == null ? null : measured(bound));
    }

    private static Telemetry.MemoryBound measured(MemoryBound bound) {
        MemoryBound.Usage u = bound.usage();
        return new Telemetry.MemoryBound(u.boundBytes(), u.peakBytes(), u.sharedMemoryBytes(), u.pageCacheBytes(), u.refaultedBytes(),
                u.limitHits(), u.held());
    }

    /** The run database's block reads shared_buffers answered, and those it read from outside them. */
    private static long[] blocks(Connection c) throws SQLException {
        long[] out = new long[2];
        SqlRows.forEach(c, "SELECT blks_hit, blks_read FROM pg_stat_database WHERE datname = current_database()", rs -> {
            out[0] = rs.getLong(1);
            out[1] = rs.getLong(2);
        });
        return out;
    }
}
