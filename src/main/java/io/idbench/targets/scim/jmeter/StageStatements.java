package io.idbench.targets.scim.jmeter;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The SQL behind each operation of a staged plan (plan 6), read inside JMeter: when the plan's thread 1 starts a stage (all
 * threads waiting at a barrier), the counters of pg_stat_statements of the target's database since the previous stage began
 * are filed under that stage's label, summed over the measured repetitions, and {@code stages.file} is written again: per
 * label, its statements by total time with calls, time and rows, and the planner's generic plan of the one that took longest
 * ({@code EXPLAIN (GENERIC_PLAN)} of its text as sent: no parameter values are needed); {@code failed} says why, where reading failed. The record step takes the file into the record
 * ({@code sql}). Where JMeter has no database to read ({@code stages.jdbcUrl} unset) it does nothing; where reading fails, the
 * file says why and the run goes on.
 */
public final class StageStatements {
    /** Statements kept per label, by total time. */
    static final int TOP = 10;
    /** The first line of a plan of pg_stat_statements' text, no session showing the statement as sent. */
    static final String NORMALIZED = "(the plan of pg_stat_statements' text, its literals made parameters: no session showed the"
            + " statement as sent)";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static StageStatements instance;

    private final Connection connection;
    private final Path file;
    private final Map<String, Map<Long, Counters>> byStage = new LinkedHashMap<>();
    private final Map<String, String> plans = new HashMap<>();
    private Map<Long, Counters> last;
    private String open = "";
    private String failed;

    private StageStatements(Connection connection, Path file) throws SQLException {
        this.connection = connection;
        this.file = file;
        this.last = counters();
    }

    /**
     * Stage {@code next} begins (its label, or "" for a stage not measured: a settling repetition, the warm-up, the end); the
     * one before it ends. Called by one thread at a time, between barriers.
     */
    public static synchronized void mark(Properties props, String next) {
        String url = props.getProperty("stages.jdbcUrl", "");
        if (url.isEmpty()) {
            return;
        }
        try {
            if (instance == null) {
                Class.forName("org.postgresql.Driver");
                Properties login = new Properties();
                login.setProperty("user", props.getProperty("stages.user", ""));
                login.setProperty("password", props.getProperty("stages.password", ""));
                // The simple protocol: EXPLAIN (GENERIC_PLAN) of a statement with $1 … takes no parameters, which the extended
                // protocol would bind.
                login.setProperty("preferQueryMode", "simple");
                Connection c = DriverManager.getConnection(url, login);
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
                }
                instance = new StageStatements(c, Path.of(props.getProperty("stages.file")));
            }
            instance.begin(next);
        } catch (SQLException | ClassNotFoundException e) {
            failed(props, e);
        }
    }

    private void begin(String next) throws SQLException {
        Map<Long, Counters> now = counters();
        if (!open.isEmpty()) {
            Map<Long, Counters> stage = byStage.computeIfAbsent(open, k -> new HashMap<>());
            now.forEach((id, end) -> {
                Counters d = end.minus(last.getOrDefault(id, Counters.ZERO));
                if (d.calls > 0) {
                    stage.merge(id, d, Counters::plus);
                }
            });
            plans.computeIfAbsent(open, k -> slowestPlan(stage));
            write();
        }
        last = now;
        open = next;
    }

    private Map<Long, Counters> counters() throws SQLException {
        Map<Long, Counters> all = new HashMap<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT queryid, query, calls, total_exec_time,"
                + " rows FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
                + " AND queryid IS NOT NULL AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE 'EXPLAIN%'")) {
            while (rs.next()) {
                all.merge(rs.getLong(1), new Counters(rs.getString(2), rs.getLong(3), rs.getDouble(4), rs.getLong(5)), Counters::plus);
            }
        }
        return all;
    }

    /**
     * The generic plan of the stage's statement of most time, or why there is none: of the statement as its client sent it when
     * a session still shows it, else of pg_stat_statements' text, said so on the plan's first line.
     */
    private String slowestPlan(Map<Long, Counters> stage) {
        Map.Entry<Long, Counters> slowest = stage.entrySet().stream().max(Comparator.comparingDouble(e -> e.getValue().totalMs))
                .orElse(null);
        if (slowest == null) {
            return null;
        }
        String sent = asSent(slowest.getKey());
        StringBuilder plan = new StringBuilder(sent != null ? "" : NORMALIZED + "\n");
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN (GENERIC_PLAN) " + (sent != null ? sent : slowest.getValue().query))) {
            while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
            }
            return plan.toString().stripTrailing();
        } catch (SQLException e) {
            return "(no plan: " + firstLine(e) + ")";
        }
    }

    /**
     * The statement's text as its client sent it, literals kept: the last statement of a session of the database now idle (the
     * stage has just ended), when one ran it and its text is whole (pg_stat_activity cuts it at track_activity_query_size).
     * pg_stat_statements' text has the literals as parameters, and an index on an expression over a literal (a JSON key) does
     * not match it: its generic plan can be a scan where every execution used the index.
     */
    private String asSent(long queryId) {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT query FROM pg_stat_activity"
                + " WHERE query_id = " + queryId + " AND datname = current_database() AND state = 'idle'"
                + " AND octet_length(query) < (SELECT setting::int - 1 FROM pg_settings WHERE name = 'track_activity_query_size') LIMIT 1")) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            return null;
        }
    }

    private void write() {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode stages = root.putObject("stages");
        byStage.forEach((label, stage) -> {
            ObjectNode l = stages.putObject(label);
            ArrayNode statements = l.putArray("statements");
            List<Counters> top = stage.values().stream().sorted(Comparator.comparingDouble((Counters c) -> c.totalMs).reversed()).limit(TOP)
                    .toList();
            for (Counters c : top) {
                statements.addObject().put("query", c.query).put("calls", c.calls).put("totalMs", c.totalMs)
                        .put("meanMs", c.totalMs / c.calls).put("rows", c.rows);
            }
            l.put("statementKinds", stage.size());
            l.put("calls", stage.values().stream().mapToLong(c -> c.calls).sum());
            if (plans.get(label) != null) {
                l.put("slowestPlan", plans.get(label));
            }
        });
        if (failed != null) {
            root.put("failed", failed);
        }
        replace(file, root);
    }

    private static void failed(Properties props, Exception e) {
        String why = "pg_stat_statements could not be read: " + (e instanceof SQLException s ? firstLine(s) : e.toString());
        if (instance != null) {
            instance.failed = why;
            instance.write();
        } else if (!props.getProperty("stages.file", "").isEmpty()) {
            ObjectNode root = JSON.createObjectNode();
            root.put("failed", why);
            replace(Path.of(props.getProperty("stages.file")), root);
        }
    }

    private static void replace(Path file, ObjectNode root) {
        try {
            Path partial = file.resolveSibling(file.getFileName() + ".tmp");
            JSON.writerWithDefaultPrettyPrinter().writeValue(partial.toFile(), root);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + file + " failed", e);
        }
    }

    private static String firstLine(SQLException e) {
        return String.valueOf(e.getMessage()).lines().findFirst().orElse("").trim();
    }

    private record Counters(String query, long calls, double totalMs, long rows) {
        static final Counters ZERO = new Counters(null, 0, 0, 0);

        /** Since {@code start}; a statement evicted and counted anew since then is all new. */
        Counters minus(Counters start) {
            return start.calls > calls ? this : new Counters(query, calls - start.calls, totalMs - start.totalMs, rows - start.rows);
        }

        Counters plus(Counters other) {
            return new Counters(query != null ? query : other.query, calls + other.calls, totalMs + other.totalMs, rows + other.rows);
        }
    }
}
