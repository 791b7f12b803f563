package io.idbench.telemetry;

import io.idbench.record.Telemetry;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The statements a run executed, from pg_stat_statements, over the run's window: the counters at
 * the window's start are subtracted from those at its end, so the figures hold on any server.
 * Where idbench owns the server it also resets the view first (evictions cannot then mix older
 * statements in); on someone else's server, or without the right to reset, it only subtracts.
 * Where the view cannot be read at all (not installed, not preloaded, not permitted), the run
 * goes on and the record says why.
 */
final class StatementStatistics {
    /** Statements listed, by total execution time in the window. */
    static final int TOP = 15;
    /** PostgreSQL's SQLSTATE for "permission denied". */
    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    private final boolean mayReset;
    private Map<Key, Counters> atStart = Map.of();
    private String window = "since the server's statistics were last reset (the run's start was not marked)";

    /** @param ownsServer whether idbench started the server (and may reset its statistics) */
    StatementStatistics(boolean ownsServer) {
        this.mayReset = ownsServer;
    }

    /** Marks the window's start; never fails the run (the reason shows in {@link #read}). */
    synchronized void markStart(Connection c) {
        if (unavailable(c) != null) {
            return;
        }
        String how = "counters at the run's start subtracted";
        if (mayReset) {
            try {
                SqlRows.one(c, "SELECT pg_stat_statements_reset()");
                how = "reset at the run's start";
            } catch (SQLException e) {
                how = "counters at the run's start subtracted (resetting them was refused: " + firstLine(e) + ")";
            }
        } else {
            how += " (the server is not idbench's: its statistics are left as they are)";
        }
        try {
            atStart = counters(c);
            window = how;
        } catch (SQLException e) {
            atStart = Map.of();
            window = "since the server's statistics were last reset (reading them at the run's start failed: " + firstLine(e) + ")";
        }
    }

    /** The window's top statements and how the window was taken, or why there are none. */
    record Window(String window, String unavailable, List<Telemetry.Statement> top) {
    }

    synchronized Window read(Connection c) {
        String why = unavailable(c);
        if (why != null) {
            return new Window(null, why, null);
        }
        Map<Key, Counters> now;
        try {
            now = counters(c);
        } catch (SQLException e) {
            return new Window(null, "pg_stat_statements could not be read: " + firstLine(e), null);
        }
        List<Map.Entry<Key, Counters>> ran = new ArrayList<>();
        now.forEach((key, end) -> {
            Counters d = end.minus(atStart.getOrDefault(key, Counters.ZERO));
            if (d.calls() > 0) {
                ran.add(Map.entry(key, d));
            }
        });
        ran.sort(Comparator.comparingDouble((Map.Entry<Key, Counters> e) -> e.getValue().totalMs()).reversed());
        return new Window(window, null, ran.stream().limit(TOP).map(e -> new Telemetry.Statement(e.getValue().query(),
                e.getValue().calls(), e.getValue().totalMs(), e.getValue().totalMs() / e.getValue().calls(), e.getValue().rows()))
                .toList());
    }

    /** Why the view cannot be read in this database, or null when it can. */
    private static String unavailable(Connection c) {
        try {
            boolean installed = SqlRows.any(c, "SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'");
            if (!installed) {
                return "pg_stat_statements is not installed in this database";
            }
            SqlRows.any(c, "SELECT 1 FROM pg_stat_statements LIMIT 1");
            return null;
        } catch (SQLException e) {
            if (String.valueOf(e.getMessage()).contains("shared_preload_libraries")) {
                return "pg_stat_statements is installed but the server did not load it (shared_preload_libraries)";
            }
            return INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())
                    ? "pg_stat_statements may not be read by this user: " + firstLine(e)
                    : "pg_stat_statements could not be read: " + firstLine(e);
        }
    }

    private static Map<Key, Counters> counters(Connection c) throws SQLException {
        Map<Key, Counters> all = new HashMap<>();
        SqlRows.forEach(c, "SELECT userid, queryid, query, calls, total_exec_time, rows FROM pg_stat_statements"
                + " WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND queryid IS NOT NULL",
                rs -> all.merge(new Key(rs.getLong(1), rs.getLong(2)),
                        new Counters(rs.getString(3), rs.getLong(4), rs.getDouble(5), rs.getLong(6)), Counters::plus));
        return all;
    }

    private record Key(long user, long queryId) {
    }

    private record Counters(String query, long calls, double totalMs, long rows) {
        static final Counters ZERO = new Counters(null, 0, 0, 0);

        /** The window's share; a statement evicted and counted anew since the start is all the window's. */
        Counters minus(Counters start) {
            if (start.calls > calls) {
                return this;
            }
            return new Counters(query, calls - start.calls, totalMs - start.totalMs, rows - start.rows);
        }

        /** Top-level and nested entries of one statement (track = all on a foreign server). */
        Counters plus(Counters other) {
            return new Counters(query, calls + other.calls, totalMs + other.totalMs, rows + other.rows);
        }
    }

    private static String firstLine(SQLException e) {
        return String.valueOf(e.getMessage()).lines().findFirst().orElse("").trim();
    }
}
