package io.idbench.seed;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The keys and indexes of the tables a bulk load writes, dropped before the load and built again
 * after it, from the definitions the schema gave them. A btree built once over sorted input is
 * far cheaper than one maintained row by row in random-uuid order, and a foreign key validated by
 * one join is cheaper than a trigger per row.
 *
 * <p>Rebuilt over {@code parallelism} connections, largest tables first: the indexes (those of the
 * keys too), then the keys on them, then the foreign keys, which need the keys they reference.
 */
final class DeferredKeys {
    /** What a definition restores: pg_constraint's contype for the keys, and a plain index. */
    enum Kind {
        PRIMARY_KEY, UNIQUE, FOREIGN_KEY, INDEX;

        static Kind ofConstraintType(String contype) {
            return switch (contype) {
                case "p" -> PRIMARY_KEY;
                case "u" -> UNIQUE;
                case "f" -> FOREIGN_KEY;
                default -> throw new IllegalArgumentException("not a key's constraint type: " + contype);
            };
        }
    }

    /**
     * One constraint or index and the DDL that restores it; a foreign key names the table it
     * references; a primary key or unique constraint its index's definition.
     */
    record Definition(String table, String name, Kind kind, String ddl, String references, String indexDdl) {
        /** 0 for an index on an expression (a function per row, text keys), 1 for a full one, 2 for a partial one. */
        int cost() {
            return ddl.contains("lower(") ? 0 : ddl.contains(" WHERE ") ? 2 : 1;
        }

        /** The maintenance_work_mem its build runs with: a GIN build is faster in less. */
        String buildMemory() {
            return ddl.contains(" USING gin ") ? ParallelDdl.GIN_BUILD_MEM : ParallelDdl.WORK_MEM;
        }
    }

    private final List<Definition> keysAndIndexes;
    private final List<Definition> foreignKeys;

    private DeferredKeys(List<Definition> keysAndIndexes, List<Definition> foreignKeys) {
        this.keysAndIndexes = keysAndIndexes;
        this.foreignKeys = foreignKeys;
    }

    /** Reads the definitions of every constraint and index of {@code tables} (in the current schema). */
    static DeferredKeys of(Connection c, List<String> tables) throws SQLException {
        List<Definition> keys = new ArrayList<>();
        List<Definition> foreign = new ArrayList<>();
        forEachRow(c, tables, "SELECT t.relname, k.conname, k.contype, pg_get_constraintdef(k.oid), "
                + "(SELECT r.relname FROM pg_class r WHERE r.oid = k.confrelid), "
                + "CASE WHEN k.contype IN ('p', 'u') THEN pg_get_indexdef(k.conindid) END "
                + "FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid "
                + "WHERE t.relname = ANY(?) AND t.relnamespace = current_schema()::regnamespace AND k.contype IN ('p', 'u', 'f') "
                + "ORDER BY t.relname, k.conname", rs -> {
                    Definition d = new Definition(rs.getString(1), rs.getString(2), Kind.ofConstraintType(rs.getString(3)),
                            "ALTER TABLE " + rs.getString(1) + " ADD CONSTRAINT " + rs.getString(2) + " " + rs.getString(4),
                            rs.getString(5), rs.getString(6));
                    (d.kind() == Kind.FOREIGN_KEY ? foreign : keys).add(d);
                });
        // Indexes that back no constraint: the constraints above re-create their own.
        forEachRow(c, tables, "SELECT t.relname, x.relname, pg_get_indexdef(i.indexrelid) "
                + "FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid "
                + "WHERE t.relname = ANY(?) AND t.relnamespace = current_schema()::regnamespace "
                + "AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid) ORDER BY 1, 2",
                rs -> keys.add(new Definition(rs.getString(1), rs.getString(2), Kind.INDEX, rs.getString(3), null, null)));
        return new DeferredKeys(keys, foreign);
    }

    /** One row of a catalogue query. */
    @FunctionalInterface
    private interface Row {
        void read(ResultSet rs) throws SQLException;
    }

    /** Runs a catalogue query whose one parameter is the array of {@code tables}, row by row. */
    private static void forEachRow(Connection c, List<String> tables, String sql, Row row) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setArray(1, c.createArrayOf("text", tables.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    row.read(rs);
                }
            }
        }
    }

    /** Drops them all: foreign keys first (they depend on the keys they reference). */
    void drop(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (Definition d : foreignKeys) {
                s.execute("ALTER TABLE " + d.table() + " DROP CONSTRAINT " + d.name());
            }
            for (Definition d : keysAndIndexes) {
                s.execute(d.kind() == Kind.INDEX ? "DROP INDEX " + d.name() : "ALTER TABLE " + d.table() + " DROP CONSTRAINT " + d.name());
            }
        }
    }

    /**
     * The statements that build everything again, for {@link ParallelDdl} to run over a few
     * connections to {@code database}, ordered and chained so that no connection waits for
     * another's lock: every index, those of the primary keys and unique
     * constraints included, with CREATE INDEX (a SHARE lock: the builds of one table run side by
     * side), longest first (biggest table; on one table, expression indexes, then full ones, then
     * partial ones, which scan the same heap for fewer rows); each key then made a constraint on its
     * index ({@code ADD CONSTRAINT … USING INDEX}: no scan) once its table's builds are done; each
     * foreign key added NOT VALID and then validated (a lock that lets validations of other tables
     * run beside it) once both tables are vacuumed. Each of {@code tables} gets VACUUM (ANALYZE) as
     * soon as its builds are done, listed before the next table's builds so that a free worker takes
     * it first: with the visibility map set and statistics known, a validation is a merge of two
     * index-only scans instead of a hash join over both heaps. (An ALTER TABLE …
     * ADD PRIMARY KEY would take an exclusive lock and wait for the table's other builds.) Run, the
     * first failure (a duplicate in a unique key, a dangling reference) is thrown.
     *
     * @return one step per index, per key's constraint ({@link #ATTACHED}), per foreign key and its
     *         validation ({@link #VALIDATED}), and per table's {@link #vacuum}
     */
    List<ParallelDdl.Step> restore(Database database, List<String> tables) throws SQLException {
        Map<String, Long> sizes = new HashMap<>();
        try (Connection c = database.connect()) {
            for (Definition d : keysAndIndexes) {
                sizes.computeIfAbsent(d.table(), t -> tableSize(c, t));
            }
        }
        List<Definition> ordered = new ArrayList<>(keysAndIndexes);
        ordered.sort(Comparator.comparingLong((Definition d) -> -sizes.get(d.table())).thenComparingInt(Definition::cost));
        Map<String, List<Definition>> byTable = new LinkedHashMap<>();
        for (Definition d : ordered) {
            byTable.computeIfAbsent(d.table(), t -> new ArrayList<>()).add(d);
        }
        List<ParallelDdl.Step> steps = new ArrayList<>();
        Map<String, Set<String>> builds = new HashMap<>();
        for (Map.Entry<String, List<Definition>> table : byTable.entrySet()) {
            Set<String> done = builds.computeIfAbsent(table.getKey(), t -> new HashSet<>());
            for (Definition d : table.getValue()) {
                steps.add(new ParallelDdl.Step(d.name(), d.kind() == Kind.INDEX ? d.ddl() : d.indexDdl(), Set.of(), d.buildMemory()));
                done.add(d.name());
            }
            for (Definition d : table.getValue()) {
                if (d.kind() != Kind.INDEX) {
                    steps.add(new ParallelDdl.Step(d.name() + ATTACHED, "ALTER TABLE " + d.table() + " ADD CONSTRAINT " + d.name()
                            + (d.kind() == Kind.PRIMARY_KEY ? " PRIMARY KEY" : " UNIQUE") + " USING INDEX " + d.name(),
                            Set.copyOf(done)));
                    done.add(d.name() + ATTACHED);
                }
            }
            // Before the next table's builds: a worker done with this table's last build vacuums it beside them
            // (its writes overlap their sorts) rather than after every build, where it held up the foreign keys.
            if (tables.contains(table.getKey())) {
                steps.add(new ParallelDdl.Step(vacuum(table.getKey()), vacuum(table.getKey()), Set.copyOf(done)));
            }
        }
        for (String t : tables) {
            if (!byTable.containsKey(t)) {
                steps.add(new ParallelDdl.Step(vacuum(t), vacuum(t), Set.of()));
            }
        }
        for (Definition f : foreignKeys) {
            // Its lock (SHARE ROW EXCLUSIVE on both tables) would wait for their VACUUMs: after them.
            Set<String> after = new HashSet<>();
            for (String t : List.of(f.table(), f.references())) {
                after.addAll(builds.getOrDefault(t, Set.of()));
                if (tables.contains(t)) {
                    after.add(vacuum(t));
                }
            }
            steps.add(new ParallelDdl.Step(f.name(), f.ddl() + " NOT VALID", after));
            steps.add(new ParallelDdl.Step(f.name() + VALIDATED, "ALTER TABLE " + f.table() + " VALIDATE CONSTRAINT " + f.name(),
                    Set.of(f.name())));
        }
        return steps;
    }

    /** The statement (and step name) that vacuums and analyzes {@code table}. */
    static String vacuum(String table) {
        return "VACUUM (ANALYZE) " + table;
    }

    /** The suffix of a key's step that makes it a constraint on its index. */
    static final String ATTACHED = " (constraint)";
    /** The suffix of a foreign key's validation step. */
    static final String VALIDATED = " (validation)";

    private static long tableSize(Connection c, String table) {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_relation_size(?::regclass)")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the size of " + table + ": " + e.getMessage(), e);
        }
    }
}
