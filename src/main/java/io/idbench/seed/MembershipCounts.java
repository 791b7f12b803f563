package io.idbench.seed;

import io.idbench.config.Storage;
import io.idbench.store.MembershipSql;
import io.idbench.store.StorageSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;

/**
 * The direct members' counts of a storage's memberships (db/membership.sql: by bucket of user ids and by block of
 * buckets) over a bulk load. The statement trigger that keeps them on every insert is
 * dropped before the COPY and made again after it; the COPY's rows are counted by {@link #steps}, beside the index builds.
 * The trigger kept every copied row in its transition table and counted them all when the COPY ended, on one core while
 * the other had nothing to do: 10 s of a 10M load (docs/figures.md).
 */
final class MembershipCounts {
    private final String table;
    private final MembershipSql.MemberCounts counts;
    private final String triggerDdl;

    private MembershipCounts(String table, MembershipSql.MemberCounts counts, String triggerDdl) {
        this.table = table;
        this.counts = counts;
        this.triggerDdl = triggerDdl;
    }

    /** The insert trigger's name on {@code table} (db/membership.sql). */
    static String trigger(String table) {
        return table + "_added";
    }

    /**
     * Reads the definition of {@code storage}'s membership insert trigger.
     *
     * @throws IllegalStateException when the table has none: the schema is not db/membership.sql's
     */
    static MembershipCounts of(Connection c, Storage storage) throws SQLException {
        String table = StorageSchema.membership(storage);
        try (PreparedStatement ps = c
                .prepareStatement("SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid"
                        + " WHERE r.relname = ? AND r.relnamespace = current_schema()::regnamespace AND t.tgname = ?")) {
            ps.setString(1, table);
            ps.setString(2, trigger(table));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("Table " + table + " has no trigger " + trigger(table) + " keeping its member counts");
                }
                return new MembershipCounts(table, StorageSchema.memberCounts(storage), rs.getString(1));
            }
        }
    }

    /** Drops the trigger: the COPY then writes its rows alone. */
    void drop(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TRIGGER " + trigger(table) + " ON " + table);
        }
    }

    /** Makes the trigger again as it was, before anything but the load writes a membership. */
    void restore(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(triggerDdl);
        }
    }

    /**
     * The statements that add the copied rows to the counts, as the trigger would have: by bucket from the rows, then each
     * block as the sum of its buckets. Each step is named after the table it fills.
     */
    List<ParallelDdl.Step> steps() {
        return List.of(
                new ParallelDdl.Step(counts.buckets(), "INSERT INTO " + counts.buckets() + " AS c (group_id, bucket, members)"
                        + " SELECT group_id, idb_bucket(user_id), count(*) FROM " + table + " GROUP BY 1, 2 ORDER BY 1, 2"
                        + " ON CONFLICT (group_id, bucket) DO UPDATE SET members = c.members + excluded.members", Set.of()),
                new ParallelDdl.Step(counts.blocks(), "INSERT INTO " + counts.blocks() + " AS b (group_id, block, members)"
                        + " SELECT group_id, bucket / " + MembershipSql.MemberCounts.BUCKETS_PER_BLOCK + ", sum(members) FROM "
                        + counts.buckets() + " GROUP BY 1, 2 ORDER BY 1, 2"
                        + " ON CONFLICT (group_id, block) DO UPDATE SET members = excluded.members", Set.of(counts.buckets())));
    }
}
