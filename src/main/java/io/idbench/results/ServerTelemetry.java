package io.idbench.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.provision.PoolWaits;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;

/**
 * What the server side did during a run, read where it is known: the database and table sizes
 * from the catalogue, the top statements from pg_stat_statements with their mean times, the
 * connection pool's waits, and the search index's size. {@link #reset()} starts a new window.
 */
public final class ServerTelemetry {
    /** Statements listed, by total execution time. */
    public static final int TOP_STATEMENTS = 15;
    private static final int TOP_TABLES = 10;

    private final DataSource dataSource;
    private final PoolWaits poolWaits;
    private final UnaryOperator<ObjectNode> engineStats;

    /** @param engineStats fills in the search index's figures, or null without a search engine */
    public ServerTelemetry(DataSource dataSource, PoolWaits poolWaits, UnaryOperator<ObjectNode> engineStats) {
        this.dataSource = dataSource;
        this.poolWaits = poolWaits;
        this.engineStats = engineStats;
    }

    public ObjectNode collect(ObjectMapper json) throws SQLException {
        ObjectNode out = json.createObjectNode();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            ObjectNode db = out.putObject("database");
            db.put("version", one(c, "SHOW server_version")).put("sizeBytes", Long.parseLong(one(c,
                    "SELECT pg_database_size(current_database())")));
            ArrayNode tables = db.putArray("largestTables");
            rows(c, "SELECT relname, pg_total_relation_size(c.oid), pg_indexes_size(c.oid), reltuples::bigint FROM pg_class c"
                    + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = current_schema()"
                    + " ORDER BY 2 DESC LIMIT " + TOP_TABLES, rs -> tables.addObject().put("table", rs.getString(1))
                    .put("totalBytes", rs.getLong(2)).put("indexBytes", rs.getLong(3)).put("rows", rs.getLong(4)));
            statements(c, out, json);
        }
        out.set("connectionPool", json.valueToTree(poolWaits.snapshot()));
        if (engineStats != null) {
            out.set("searchIndex", engineStats.apply(json.createObjectNode()));
        }
        return out;
    }

    private static void statements(Connection c, ObjectNode out, ObjectMapper json) throws SQLException {
        if (one(c, "SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'").equals("0")) {
            out.put("statementsUnavailable", "pg_stat_statements is not installed in this database");
            return;
        }
        ArrayNode top = out.putArray("topStatements");
        rows(c, "SELECT query, calls, total_exec_time, mean_exec_time, rows FROM pg_stat_statements"
                + " WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
                + " ORDER BY total_exec_time DESC LIMIT " + TOP_STATEMENTS, rs -> top.addObject()
                .put("query", rs.getString(1)).put("calls", rs.getLong(2)).put("totalMs", rs.getDouble(3))
                .put("meanMs", rs.getDouble(4)).put("rows", rs.getLong(5)));
    }

    /** Starts a new window: statement statistics (where this user may reset them) and pool waits. */
    public void reset() throws SQLException {
        poolWaits.reset();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            if (!one(c, "SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'").equals("0")) {
                one(c, "SELECT pg_stat_statements_reset()");
            }
        }
    }

    private interface Row {
        void accept(ResultSet rs) throws SQLException;
    }

    private static void rows(Connection c, String sql, Row each) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                each.accept(rs);
            }
        }
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
