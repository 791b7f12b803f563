package io.idbench.telemetry;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.provision.PoolWaits;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.UnaryOperator;
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
    private final UnaryOperator<ObjectNode> engineStats;
    private final StatementStatistics statements;

    /**
     * @param ownsServer  whether idbench started the database server (and may reset its statement statistics)
     * @param engineStats fills in the search index's figures, or null without a search engine
     */
    public ServerTelemetry(DataSource dataSource, boolean ownsServer, PoolWaits poolWaits, UnaryOperator<ObjectNode> engineStats) {
        this.dataSource = dataSource;
        this.poolWaits = poolWaits;
        this.engineStats = engineStats;
        this.statements = new StatementStatistics(ownsServer);
    }

    public ObjectNode collect(ObjectMapper json) throws SQLException {
        ObjectNode out = json.createObjectNode();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            ObjectNode db = out.putObject("database");
            db.put("version", SqlRows.one(c, "SHOW server_version")).put("sizeBytes", Long.parseLong(SqlRows.one(c,
                    "SELECT pg_database_size(current_database())")));
            ArrayNode tables = db.putArray("largestTables");
            SqlRows.forEach(c, "SELECT relname, pg_total_relation_size(c.oid), pg_indexes_size(c.oid), reltuples::bigint FROM pg_class c"
                    + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = current_schema()"
                    + " ORDER BY 2 DESC LIMIT " + TOP_TABLES,
                    rs -> tables.addObject().put("table", rs.getString(1))
                            .put("totalBytes", rs.getLong(2)).put("indexBytes", rs.getLong(3)).put("rows", rs.getLong(4)));
            statements.write(c, out);
        }
        out.set("connectionPool", json.valueToTree(poolWaits.snapshot()));
        if (engineStats != null) {
            out.set("searchIndex", engineStats.apply(json.createObjectNode()));
        }
        return out;
    }

    /** Starts a new window: statement statistics and pool waits. Never fails for want of statement statistics. */
    public void reset() throws SQLException {
        poolWaits.reset();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            statements.markStart(c);
        }
    }
}
