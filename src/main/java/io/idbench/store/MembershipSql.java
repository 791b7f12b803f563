package io.idbench.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.ElementAttr;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.ListQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.hibernate.Session;

/**
 * The SQL of membership rows that both storages share, whatever their tables are called: member
 * ids straight from the membership tables' keys, the bounded JSON aggregate of a resource's
 * memberships, and batched changes of a group's direct members.
 */
public final class MembershipSql {
    private MembershipSql() {
    }

    /**
     * For a filter that is exactly {@code groups.value eq "<id>"} (or {@code members.value eq}),
     * the member ids straight from the membership tables' primary keys, without touching the
     * resource table (the foreign keys guarantee every row has its resource): the direct rows,
     * then the dynamic ones that are not also direct. For a page, each branch is read in id
     * order up to offset + count, so a page reads only its range of the primary key (a DISTINCT
     * over the view was estimated at 200 rows and planned as a hash over the whole group). This
     * is how a group's members are paged and counted (plan 3); empty for any other filter.
     *
     * @param dynamicTable the dynamic memberships on the users' side, null on the groups' side
     */
    private static Optional<Sql> membershipIds(Expr filter, String membershipAttribute, String directTable,
            String dynamicTable, String self, String other) {
        return membershipIds(filter, membershipAttribute, directTable, dynamicTable, self, other, null);
    }

    /** @param top with a value, each branch is ordered by id and limited to it (a page then reads only its range) */
    private static Optional<Sql> membershipIds(Expr filter, String membershipAttribute, String directTable,
            String dynamicTable, String self, String other, Integer top) {
        if (filter instanceof Expr.Any any && any.collection().attribute().name().equals(membershipAttribute)
                && any.element() instanceof Expr.Compare cmp && MemberReference.isIdEquality(cmp)) {
            Optional<UUID> id = MemberReference.id(cmp);
            if (id.isEmpty()) {
                return Optional.of(new Sql().append("SELECT NULL::uuid AS id WHERE false"));
            }
            Sql ids = new Sql().append("(SELECT m." + self + " AS id FROM " + directTable + " m WHERE m." + other + " = ")
                    .param(id.get());
            topN(ids, top);
            if (dynamicTable != null) {
                ids.append(" UNION ALL (SELECT d." + self + " FROM " + dynamicTable + " d WHERE d." + other + " = ")
                        .param(id.get()).append(" AND NOT EXISTS (SELECT 1 FROM " + directTable + " x WHERE x." + other
                                + " = d." + other + " AND x." + self + " = d." + self + ")");
                topN(ids, top);
            }
            return Optional.of(ids);
        }
        return Optional.empty();
    }

    private static void topN(Sql branch, Integer top) {
        if (top != null) {
            branch.append(" ORDER BY 1 LIMIT ").param(top);
        }
        branch.append(")");
    }

    /**
     * The count and, when sorted by id, the page of a membership filter (see {@link #membershipIds}).
     * On the users' side ({@code countTable} given) both read the group's bucketed member counts
     * for the direct members: the count is their sum, and a page starts in the bucket where the
     * running sum passes its offset, so neither steps over the members before it. A group with
     * dynamic members pages the union of both tables as before.
     *
     * @param counts the direct member counts per (group, bucket) and per (group, block), null on the groups' side
     */
    public static Optional<List<Sql>> membershipStatements(ListQuery q, String membershipAttribute, String directTable,
            String dynamicTable, MemberCounts counts, String self, String other, Consumer<Sql> select) {
        Optional<Sql> ids = membershipIds(q.filter(), membershipAttribute, directTable, dynamicTable, self, other);
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        Optional<UUID> group = counts == null ? Optional.empty() : groupOf(q.filter());
        Sql count = group.isPresent() ? bucketCount(group.get(), directTable, dynamicTable, counts)
                : new Sql().append("SELECT count(*) FROM (").append(ids.get()).append(") ids");
        if (q.sort() != null) {
            return Optional.of(List.of(new Sql(), count));
        }
        Sql ordered = membershipIds(q.filter(), membershipAttribute, directTable, dynamicTable, self, other,
                q.offset() + q.count()).orElseThrow();
        Sql page = new Sql().append("WITH ");
        if (group.isPresent()) {
            bucketPage(page, group.get(), q, directTable, dynamicTable, counts);
        } else {
            page.append("page AS MATERIALIZED (");
        }
        page.append("(SELECT id FROM (").append(ordered).append(") u");
        if (group.isPresent()) {
            page.append(" WHERE EXISTS (SELECT 1 FROM " + dynamicTable + " d WHERE d.group_id = ").param(group.get()).append(")");
        }
        page.append(" ORDER BY 1 LIMIT ").param(q.count()).append(" OFFSET ").param(q.offset()).append(")) ");
        select.accept(page);
        page.append(" JOIN page ON page.id = r.id ORDER BY r.id");
        return Optional.of(List.of(page, count));
    }

    /** The group of a valid {@code groups.value eq "<id>"} filter (see {@link #membershipIds}). */
    private static Optional<UUID> groupOf(Expr filter) {
        Expr.Compare cmp = (Expr.Compare) ((Expr.Any) filter).element();
        return SqlPredicates.canonicalUuid(((ElementAttr) cmp.operand()).sub().fold((String) cmp.literal()));
    }

    /** Direct members from the block counts (at most 64 rows), plus dynamic members that are not also direct. */
    private static Sql bucketCount(UUID group, String directTable, String dynamicTable, MemberCounts counts) {
        return new Sql().append("SELECT coalesce((SELECT sum(c.members) FROM " + counts.blocks() + " c WHERE c.group_id = ")
                .param(group).append("), 0) + (SELECT count(*) FROM " + dynamicTable + " d WHERE d.group_id = ").param(group)
                .append(" AND NOT EXISTS (SELECT 1 FROM " + directTable + " x WHERE x.group_id = d.group_id AND x.user_id = d.user_id))");
    }

    /**
     * The start of the page CTE with a first branch: direct members when the group has no dynamic
     * ones, from the first id of the bucket holding member number offset + 1, skipping only the
     * members of that bucket before it. CTE k: the block holding that member and the members
     * before the block (a running sum over at most 64 block rows); CTE s: the bucket within that
     * block and the members before the bucket (over at most 64 bucket rows).
     */
    private static void bucketPage(Sql out, UUID group, ListQuery q, String directTable, String dynamicTable,
            MemberCounts counts) {
        out.append("k AS MATERIALIZED (SELECT b.block, b.upto - b.members AS before FROM (SELECT c.block, c.members, "
                + "sum(c.members) OVER (ORDER BY c.block) AS upto FROM " + counts.blocks() + " c WHERE c.group_id = ").param(group)
                .append(") b WHERE b.upto > ").param(q.offset()).append(" ORDER BY b.block LIMIT 1), ")
                .append("s AS MATERIALIZED (SELECT b.bucket, b.upto - b.members AS before FROM (SELECT c.bucket, c.members, "
                        + "(SELECT k.before FROM k) + sum(c.members) OVER (ORDER BY c.bucket) AS upto FROM " + counts.buckets()
                        + " c WHERE c.group_id = ")
                .param(group).append(" AND c.bucket >= (SELECT k.block * " + MemberCounts.BUCKETS_PER_BLOCK + " FROM k)"
                        + " AND c.bucket < (SELECT (k.block + 1) * " + MemberCounts.BUCKETS_PER_BLOCK + " FROM k)) b WHERE b.upto > ")
                .param(q.offset()).append(" ORDER BY b.bucket LIMIT 1), ")
                .append("page AS MATERIALIZED ((SELECT m.user_id AS id FROM " + directTable + " m WHERE m.group_id = ").param(group)
                .append(" AND NOT EXISTS (SELECT 1 FROM " + dynamicTable + " d WHERE d.group_id = ").param(group)
                .append(") AND m.user_id >= (SELECT idb_bucket_start(s.bucket) FROM s) ORDER BY m.user_id LIMIT ").param(q.count())
                .append(" OFFSET ").param(q.offset()).append(" - (SELECT s.before FROM s)) UNION ALL ");
    }

    /**
     * A storage's tables of direct member counts (schema.sql): per (group, bucket), a bucket being
     * the first 12 bits of a user id, and per (group, block) of {@link #BUCKETS_PER_BLOCK} buckets.
     */
    public record MemberCounts(String buckets, String blocks) {
        /** What the schema's triggers divide a bucket by to get its block. */
        public static final int BUCKETS_PER_BLOCK = 64;
    }

    /** Rejects a membership list longer than the limit the caller asked for (400 tooMany). */
    public static void checkMemberLimit(ObjectNode body, String attribute, int memberLimit, Object id) {
        if (body.path(attribute).size() > memberLimit) {
            throw ScimException.tooMany(attribute + " of " + id + " has more than " + memberLimit
                    + " values; exclude it (excludedAttributes=" + attribute + ") and page through it with a filter");
        }
    }

    /**
     * The membership aggregate of one row (alias r) as JSON text, read from at most limit + 1
     * rows of {@code source} (a membership view with a type column) in the other side's id order,
     * so an oversized group costs a bounded read.
     */
    public static void membershipJson(Sql out, String source, String self, String other, String otherTable,
            String otherNameColumn, int limit) {
        out.append("(SELECT json_agg(json_build_object('value', x.id, 'display', x.name, 'type', x.type) "
                + "ORDER BY x.id, x.type)::text FROM (SELECT o.id, o." + otherNameColumn + " AS name, m.type FROM " + source
                + " m JOIN " + otherTable + " o ON o.id = m." + other + " WHERE m." + self
                + " = r.id ORDER BY o.id, m.type LIMIT ").param(limit + 1).append(") x)");
    }

    /** The user ids of a group body's members; a value that is no user id is 400 invalidValue. */
    public static Set<UUID> memberIds(ObjectNode body) {
        Set<UUID> ids = new LinkedHashSet<>();
        JsonNode members = body.get("members");
        if (members instanceof ArrayNode array) {
            for (JsonNode m : array) {
                String value = m.path("value").asText(null);
                Optional<UUID> id = value == null ? Optional.empty() : SqlPredicates.canonicalUuid(value.toLowerCase(Locale.ROOT));
                ids.add(id.orElseThrow(() -> ScimException.invalidValue(
                        "members.value must be the id of a User, not " + m.get("value"))));
            }
        }
        return ids;
    }

    /** Applies the difference between two member sets with two batched statements; returns the users changed. */
    public static List<UUID> changeMembers(Session session, String membershipTable, UUID group, Set<UUID> before,
            Set<UUID> after) {
        List<UUID> removed = before.stream().filter(id -> !after.contains(id)).toList();
        List<UUID> added = after.stream().filter(id -> !before.contains(id)).toList();
        if (removed.isEmpty() && added.isEmpty()) {
            return List.of();
        }
        session.doWork(c -> {
            // One statement each, however many members: the member counts are kept per statement.
            batch(c, "DELETE FROM " + membershipTable + " WHERE group_id = ? AND user_id = ANY(?)", group, removed);
            batch(c, "INSERT INTO " + membershipTable + " (group_id, user_id) SELECT ?, unnest(?::uuid[])", group, added);
        });
        List<UUID> changed = new ArrayList<>(removed);
        changed.addAll(added);
        return changed;
    }

    private static void batch(Connection c, String sql, UUID group, List<UUID> users) throws SQLException {
        if (users.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, group);
            ps.setArray(2, c.createArrayOf("uuid", users.toArray(UUID[]::new)));
            ps.executeUpdate();
        }
    }

    /** Runs an INSERT or DELETE … RETURNING user_id for {@code users} of one group, collecting the ids changed. */
    static void addOrRemove(Connection c, String sql, UUID group, Set<UUID> users, List<UUID> changed) throws SQLException {
        if (users.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, group);
            ps.setArray(2, c.createArrayOf("uuid", users.toArray(UUID[]::new)));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    changed.add(rs.getObject(1, UUID.class));
                }
            }
        }
    }
}
