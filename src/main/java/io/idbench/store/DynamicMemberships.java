package io.idbench.store;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.membership.DynamicGroups;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.hibernate.Session;

/**
 * The dynamic memberships of one SQL storage, kept in step with its writes: the registry of
 * conditions ({@link DynamicGroups}), the rows a user save or a group write changes, the locking
 * between the two, and the listener told which users' groups changed (the search index).
 */
public final class DynamicMemberships {
    private final DynamicGroups dynamic = new DynamicGroups();
    private final SqlIdentityStore.Names names;
    private final Jdbc jdbc;
    private final Function<Expr, Sql> userIds;
    private volatile Consumer<List<UUID>> membershipListener = ids -> {};
    private volatile boolean listening;

    /** @param userIds a statement selecting the ids of the users that match a filter (one column) */
    DynamicMemberships(SqlIdentityStore.Names names, Jdbc jdbc, Function<Expr, Sql> userIds) {
        this.names = names;
        this.jdbc = jdbc;
        this.userIds = userIds;
    }

    /** Tells {@code listener} the ids of the users whose groups a group write changed. */
    public void onChange(Consumer<List<UUID>> listener) {
        this.membershipListener = listener;
        this.listening = true;
    }

    /** The condition of a group body, parsed; empty for a static group. */
    public Optional<Expr> condition(ObjectNode groupBody) {
        return dynamic.condition(groupBody);
    }

    /** Loads the dynamic groups (their conditions) from the stored groups, 1000 at a time. */
    public void load(Function<ListQuery, ResultPage> searchGroups) {
        Expr dynamicOnly = new FilterResolver(ScimSchemas.GROUP_TYPE)
                .parse(ScimSchemas.DYNAMIC_GROUP_URN + ":" + DynamicGroups.CONDITION + " pr");
        for (int start = 1;; start += 1000) {
            ResultPage page = searchGroups.apply(new ListQuery(dynamicOnly, null, start, 1000));
            page.resources().forEach(g -> dynamic.register(g.id(), g.body()));
            if (page.resources().size() < 1000) {
                return;
            }
        }
    }

    /** A user write: holds the shared side of the dynamic-groups lock for its whole transaction. */
    public <T> T duringUserSave(Supplier<T> transaction) {
        Lock lock = dynamic.userSaves();
        lock.lock();
        try {
            return transaction.get();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Materialises the user's dynamic memberships in its save's transaction: every condition is
     * evaluated in memory, then one DELETE and one INSERT bring the rows to that set. Nothing
     * runs when there are no dynamic groups (then no such rows exist either).
     *
     * @return the dynamic groups the user is now a member of
     */
    public List<DynamicGroups.Group> sync(Session session, UUID user, ObjectNode body,
            Instant created, Instant lastModified, boolean isNew) {
        if (dynamic.isEmpty()) {
            return List.of();
        }
        List<DynamicGroups.Group> matched = dynamic.matching(user, body, created, lastModified);
        UUID[] groupIds = matched.stream().map(DynamicGroups.Group::id).toArray(UUID[]::new);
        String table = names.dynamicMembership();
        session.doWork(c -> {
            if (!isNew) {
                try (PreparedStatement ps = c.prepareStatement(
                        "DELETE FROM " + table + " WHERE user_id = ? AND NOT (group_id = ANY(?))")) {
                    ps.setObject(1, user);
                    ps.setArray(2, c.createArrayOf("uuid", groupIds));
                    ps.executeUpdate();
                }
            }
            if (groupIds.length > 0) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table
                        + " (group_id, user_id) SELECT g, ? FROM unnest(?) g ON CONFLICT DO NOTHING")) {
                    ps.setObject(1, user);
                    ps.setArray(2, c.createArrayOf("uuid", groupIds));
                    ps.executeUpdate();
                }
            }
        });
        return matched;
    }

    /** The body of a just-created user with its dynamic memberships, as a read would list them. */
    public static ObjectNode withGroups(ObjectNode body, List<DynamicGroups.Group> groups) {
        if (groups.isEmpty()) {
            return body;
        }
        ObjectNode copy = body.deepCopy();
        ArrayNode array = copy.putArray("groups");
        for (DynamicGroups.Group g : groups) {
            array.addObject().put("value", g.id().toString()).put("display", g.displayName()).put("type", "indirect");
        }
        return copy;
    }

    /**
     * A group write: exclusive against user saves until the dynamic-groups registry holds what it
     * committed; afterwards the users whose groups changed are reported to the listener.
     */
    public StoredResource groupWrite(Function<List<UUID>, StoredResource> write) {
        List<UUID> affected = new ArrayList<>();
        StoredResource result;
        Lock lock = dynamic.groupWrites();
        lock.lock();
        try {
            result = write.apply(affected);
            dynamic.register(result.id(), result.body());
        } finally {
            lock.unlock();
        }
        report(affected);
        return result;
    }

    /** Deletes a group; its members (direct and dynamic) are reported as changed. */
    public void groupDelete(UUID id, Runnable delete) {
        List<UUID> affected = new ArrayList<>();
        Lock lock = dynamic.groupWrites();
        lock.lock();
        try {
            if (listening) {
                affected.addAll(jdbc.autocommit(c -> membersOf(c, id)));
            }
            delete.run();
            dynamic.remove(id);
        } finally {
            lock.unlock();
        }
        report(affected);
    }

    private void report(List<UUID> affected) {
        if (listening && !affected.isEmpty()) {
            membershipListener.accept(affected);
        }
    }

    /** Direct and dynamic members of a group. */
    private List<UUID> membersOf(Connection c, UUID group) throws SQLException {
        List<UUID> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT user_id FROM " + names.userGroupsView() + " WHERE group_id = ?")) {
            ps.setObject(1, group);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getObject(1, UUID.class));
                }
            }
        }
        return out;
    }

    /** All members when a group was renamed (their groups.display changed); to be called in the group's transaction. */
    public void renamed(Session session, UUID group, List<UUID> affected) {
        if (listening) {
            affected.addAll(session.doReturningWork(c -> membersOf(c, group)));
        }
    }

    /**
     * Recomputes a group's dynamic members from its condition (none: no members), in its
     * transaction, entirely inside the database: the matching ids go to a temporary table, then
     * only the difference is written. No user is loaded into memory; with a listener, the ids
     * that changed are collected for it.
     */
    public void recompute(Session session, UUID group, Optional<Expr> condition, List<UUID> affected) {
        String table = names.dynamicMembership();
        String returning = listening ? " RETURNING user_id" : "";
        session.doWork(c -> {
            if (condition.isEmpty()) {
                changed(c, "DELETE FROM " + table + " WHERE group_id = ?" + returning, group, affected);
                return;
            }
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMP TABLE idb_dyn_new (user_id uuid PRIMARY KEY) ON COMMIT DROP");
            }
            Sql fill = new Sql().append("INSERT INTO idb_dyn_new (user_id) ").append(userIds.apply(condition.get()));
            try (PreparedStatement ps = Jdbc.prepare(c, fill)) {
                ps.executeUpdate();
            }
            changed(c, "DELETE FROM " + table + " d WHERE d.group_id = ? AND NOT EXISTS "
                    + "(SELECT 1 FROM idb_dyn_new n WHERE n.user_id = d.user_id)" + returning, group, affected);
            changed(c, "INSERT INTO " + table + " (group_id, user_id) SELECT ?, user_id FROM idb_dyn_new "
                    + "ON CONFLICT DO NOTHING" + returning, group, affected);
        });
    }

    private void changed(Connection c, String sql, UUID group, List<UUID> affected) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, group);
            if (!listening) {
                ps.executeUpdate();
                return;
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    affected.add(rs.getObject(1, UUID.class));
                }
            }
        }
    }
}
