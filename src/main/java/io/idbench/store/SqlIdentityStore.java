package io.idbench.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.ListQuery;
import jakarta.persistence.LockModeType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.schema.ScimSchemas;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.concurrent.locks.Lock;
import java.util.function.Consumer;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import javax.sql.DataSource;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.postgresql.util.ServerErrorMessage;

/**
 * What every PostgreSQL storage does the same way, whatever its tables: writes in Hibernate
 * sessions with the row locked, reads in autocommit over plain JDBC (one round trip per
 * statement), constraint violations translated to SCIM errors, list pages and their counts,
 * membership rows. Subclasses bring the physical design.
 */
public abstract class SqlIdentityStore implements IdentityStore {
    protected final DataSource dataSource;
    protected final ObjectMapper json;
    /** Stored JSON was validated on the way in: no duplicate-key detection on the way out. */
    protected final ObjectReader storedJson;
    protected SessionFactory sessions;
    /** The storage's dynamic groups; loaded by the subclass once its schema exists. */
    protected final DynamicGroups dynamic = new DynamicGroups();
    private volatile Consumer<List<UUID>> membershipListener = ids -> { };
    private volatile boolean listening;

    /**
     * The physical names the shared mechanics need: the users table, the direct and dynamic
     * membership tables, the view of a user's groups, and the group entity.
     */
    public record Names(String userTable, String directMembership, String dynamicMembership, String userGroupsView,
                           Class<? extends VersionedEntity> groupEntity) {
    }

    protected final Names names;

    protected SqlIdentityStore(DataSource dataSource, ObjectMapper json, Names names) {
        this.names = names;
        this.dataSource = dataSource;
        this.json = json;
        this.storedJson = json.reader().without(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    /**
     * The statements a user list request runs: the page, then the count. Exposed so that plans can
     * be inspected (EXPLAIN) exactly as they are executed.
     */
    public abstract List<Sql> userSearchStatements(ListQuery query);

    /** The statement that reads one user by id. */
    public abstract Sql userReadStatement(UUID id);

    /** Appends the select list of full users, FROM the users table as r (memberships aggregated). */
    protected abstract void selectUsers(Sql out);

    /** Runs a statement built on {@link #selectUsers} and maps its rows. */
    protected abstract List<StoredResource> users(Connection c, Sql sql) throws SQLException;

    @Override
    public List<StoredResource> findUsers(List<UUID> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Sql sql = new Sql();
        selectUsers(sql);
        whereIdIn(sql, ids);
        return inRequestedOrder(ids, read(c -> users(c, sql)));
    }

    @Override
    public List<StoredResource> usersAfter(UUID after, int limit) {
        Sql sql = new Sql();
        selectUsers(sql);
        keysetPage(sql, after, limit);
        return read(c -> users(c, sql));
    }

    @Override
    public long countUsers() {
        return count(names.userTable());
    }

    @Override
    public StoredResource changeGroupMembers(UUID id, Long expectedVersion, Set<UUID> add, Set<UUID> remove) {
        return groupWrite(affected -> {
            inTransaction(session -> {
                lock(session, names.groupEntity(), id, expectedVersion, "Group").touch(now());
                session.flush();
                session.doWork(c -> {
                    String table = names.directMembership();
                    rows(c, "INSERT INTO " + table + " (group_id, user_id) SELECT ?, u FROM unnest(?) u "
                            + "ON CONFLICT DO NOTHING RETURNING user_id", id, add, affected);
                    rows(c, "DELETE FROM " + table + " WHERE group_id = ? AND user_id = ANY(?) RETURNING user_id",
                            id, remove, affected);
                });
                return null;
            });
            return findGroup(id, 0).orElseThrow(() -> ScimException.notFound("Group " + id + " not found"));
        });
    }

    private static void rows(Connection c, String sql, UUID group, Set<UUID> users, List<UUID> changed) throws SQLException {
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

    /** A statement selecting the ids of the users that match {@code filter} (one column). */
    protected abstract Sql userIds(Expr filter);

    @Override
    public void onMembershipChange(Consumer<List<UUID>> listener) {
        this.membershipListener = listener;
        this.listening = true;
    }

    /** Loads the dynamic groups (their conditions) from the stored groups, 1000 at a time. */
    protected void loadDynamicGroups() {
        Expr dynamicOnly = new FilterResolver(ScimSchemas.GROUP_TYPE)
                .parse(ScimSchemas.DYNAMIC_GROUP_URN + ":" + DynamicGroups.CONDITION + " pr");
        for (int start = 1; ; start += 1000) {
            ResultPage page = searchGroups(new ListQuery(dynamicOnly, null, start, 1000), 0);
            page.resources().forEach(g -> dynamic.register(g.id(), g.body()));
            if (page.resources().size() < 1000) {
                return;
            }
        }
    }

    /** A user write: holds the shared side of the dynamic-groups lock for its whole transaction. */
    protected <T> T inUserTransaction(Function<Session, T> work) {
        Lock lock = dynamic.userSaves();
        lock.lock();
        try {
            return inTransaction(work);
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
    protected List<DynamicGroups.Group> syncDynamicMemberships(Session session, UUID user, ObjectNode body,
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
    protected ObjectNode withDynamicGroups(ObjectNode body, List<DynamicGroups.Group> groups) {
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
    protected StoredResource groupWrite(Function<List<UUID>, StoredResource> write) {
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
    protected void groupDelete(UUID id, Runnable delete) {
        List<UUID> affected = new ArrayList<>();
        Lock lock = dynamic.groupWrites();
        lock.lock();
        try {
            if (listening) {
                affected.addAll(read(c -> membersOf(c, id)));
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
    protected List<UUID> membersOf(Connection c, UUID group) throws SQLException {
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
    protected void renamed(Session session, UUID group, List<UUID> affected) {
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
    protected void recompute(Session session, UUID group, Optional<Expr> condition, List<UUID> affected) {
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
            Sql fill = new Sql().append("INSERT INTO idb_dyn_new (user_id) ").append(userIds(condition.get()));
            try (PreparedStatement ps = prepare(c, fill)) {
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

    /** The SCIM attribute a violated unique index or constraint stands for. */
    protected abstract String uniqueAttribute(ServerErrorMessage violation);

    /** Runs an idempotent DDL resource in one transaction. */
    protected static void runDdl(DataSource dataSource, String resource) {
        try (InputStream in = SqlIdentityStore.class.getResourceAsStream(resource);
             Connection c = dataSource.getConnection();
             Statement s = c.createStatement()) {
            s.execute(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            if (!c.getAutoCommit()) {
                c.commit();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create the schema " + resource + ": " + e.getMessage(), e);
        }
    }

    protected <T> T inTransaction(Function<Session, T> work) {
        try (Session session = sessions.openSession()) {
            session.beginTransaction();
            try {
                // Take the connection now, not at the first statement: Hibernate's id generator runs its
                // first statement under a JVM-wide lock, and a session waiting for a connection there
                // deadlocks with sessions that hold every connection and wait for that lock.
                session.doWork(connection -> { });
                T result = work.apply(session);
                session.getTransaction().commit();
                return result;
            } catch (RuntimeException e) {
                if (session.getTransaction().isActive()) {
                    session.getTransaction().rollback();
                }
                throw SqlErrors.translate(e, this::uniqueAttribute);
            }
        }
    }

    @FunctionalInterface
    protected interface SqlWork<T> {
        T apply(Connection c) throws SQLException;
    }

    /**
     * Reads run in autocommit: one round trip per statement, no BEGIN/COMMIT. Each statement of
     * a list request (page, count) has its own snapshot, exactly as in a READ COMMITTED transaction.
     */
    protected <T> T read(SqlWork<T> work) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            return work.apply(c);
        } catch (SQLException e) {
            throw new IllegalStateException("Query failed: " + e.getMessage(), e);
        }
    }

    protected static PreparedStatement prepare(Connection c, Sql sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql.text());
        List<Object> params = sql.params();
        for (int i = 0; i < params.size(); i++) {
            if (params.get(i) instanceof UUID[] ids) {
                ps.setArray(i + 1, c.createArrayOf("uuid", ids));
            } else {
                ps.setObject(i + 1, params.get(i));
            }
        }
        return ps;
    }

    /** Timestamps are kept to the second, the precision SCIM dateTimes are compared at. */
    protected static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    /** Loads and locks (SELECT … FOR UPDATE) a resource row, checking If-Match against it. */
    protected static <E extends VersionedEntity> E lock(Session session, Class<E> type, UUID id, Long expectedVersion,
                                                        String what) {
        E e = session.find(type, id, LockModeType.PESSIMISTIC_WRITE);
        if (e == null) {
            throw ScimException.notFound(what + " " + id + " not found");
        }
        if (expectedVersion != null && e.version != expectedVersion) {
            throw ScimException.preconditionFailed(what + " " + id + " is at version " + e.version
                    + ", not the version in If-Match");
        }
        return e;
    }

    /**
     * Deletes a resource row (dependent rows go by ON DELETE CASCADE); with If-Match under a lock.
     * Returns the version the row had, which fences the search index against late writes.
     */
    protected <E extends VersionedEntity> long delete(Class<E> type, UUID id, Long expectedVersion, String what) {
        String table = type.getAnnotation(jakarta.persistence.Table.class).name();
        return inTransaction(session -> {
            if (expectedVersion == null) {
                List<Long> deleted = session.doReturningWork(c -> {
                    try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE id = ? RETURNING version")) {
                        ps.setObject(1, id);
                        try (ResultSet rs = ps.executeQuery()) {
                            return rs.next() ? List.of(rs.getLong(1)) : List.<Long>of();
                        }
                    }
                });
                if (deleted.isEmpty()) {
                    throw ScimException.notFound(what + " " + id + " not found");
                }
                return deleted.get(0);
            }
            E e = lock(session, type, id, expectedVersion, what);
            session.remove(e);
            return e.version;
        });
    }

    /** Puts loaded rows in the order of the ids asked for, leaving out ids that no longer exist. */
    protected static List<StoredResource> inRequestedOrder(List<UUID> ids, List<StoredResource> loaded) {
        java.util.Map<UUID, StoredResource> byId = new java.util.HashMap<>();
        loaded.forEach(r -> byId.put(r.id(), r));
        return ids.stream().map(byId::get).filter(java.util.Objects::nonNull).toList();
    }

    /** SELECT count(*) of a table, in autocommit. */
    protected long count(String table) {
        return read(c -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** {@code WHERE r.id = ANY(?)} for a batch of ids, or a key-order page after an id. */
    protected static void whereIdIn(Sql out, List<UUID> ids) {
        out.append(" WHERE r.id = ANY(").param(ids.toArray(UUID[]::new)).append(")");
    }

    protected static void keysetPage(Sql out, UUID after, int limit) {
        if (after != null) {
            out.append(" WHERE r.id > ").param(after);
        }
        out.append(" ORDER BY r.id LIMIT ").param(limit);
    }

    /** Rows of a page, mapped by the storage. */
    @FunctionalInterface
    protected interface PageQuery {
        List<StoredResource> run(Connection c) throws SQLException;
    }

    /**
     * A list response: the page, then the count, unless the page already tells it (a short page
     * that is not past the end holds every remaining match).
     */
    protected ResultPage page(ListQuery q, PageQuery pageQuery, Sql count) {
        return read(c -> {
            List<StoredResource> page = q.count() > 0 ? pageQuery.run(c) : List.of();
            if (q.count() > 0 && page.size() < q.count() && (!page.isEmpty() || q.offset() == 0)) {
                return new ResultPage(page, (long) q.offset() + page.size());
            }
            try (PreparedStatement ps = prepare(c, count); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new ResultPage(page, rs.getLong(1));
            }
        });
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
    protected static Optional<Sql> membershipIds(Expr filter, String membershipAttribute, String directTable,
                                                 String dynamicTable, String self, String other) {
        return membershipIds(filter, membershipAttribute, directTable, dynamicTable, self, other, null);
    }

    /** @param top with a value, each branch is ordered by id and limited to it (a page then reads only its range) */
    private static Optional<Sql> membershipIds(Expr filter, String membershipAttribute, String directTable,
                                               String dynamicTable, String self, String other, Integer top) {
        if (filter instanceof Expr.Any any && any.collection().attribute().name().equals(membershipAttribute)
                && any.element() instanceof Expr.Compare cmp && cmp.op() == Expr.Op.EQ
                && cmp.operand() instanceof io.idbench.scim.filter.ElementAttr ea && ea.sub() != null
                && ea.sub().name().equals("value")) {
            Optional<UUID> id = SqlPredicates.canonicalUuid(ea.sub().fold((String) cmp.literal()));
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

    /** The count and, when sorted by id, the page of a membership filter (see {@link #membershipIds}). */
    protected static Optional<List<Sql>> membershipStatements(ListQuery q, String membershipAttribute, String directTable,
                                                              String dynamicTable, String self, String other,
                                                              java.util.function.Consumer<Sql> select) {
        Optional<Sql> ids = membershipIds(q.filter(), membershipAttribute, directTable, dynamicTable, self, other);
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        Sql count = new Sql().append("SELECT count(*) FROM (").append(ids.get()).append(") ids");
        if (q.sort() != null) {
            return Optional.of(List.of(new Sql(), count));
        }
        Sql ordered = membershipIds(q.filter(), membershipAttribute, directTable, dynamicTable, self, other,
                q.offset() + q.count()).orElseThrow();
        Sql page = new Sql().append("WITH page AS MATERIALIZED (SELECT id FROM (").append(ordered).append(") u ORDER BY 1 LIMIT ")
                .param(q.count()).append(" OFFSET ").param(q.offset()).append(") ");
        select.accept(page);
        page.append(" JOIN page ON page.id = r.id ORDER BY r.id");
        return Optional.of(List.of(page, count));
    }

    /** Rejects a membership list longer than the limit the caller asked for (400 tooMany). */
    protected static void checkMemberLimit(ObjectNode body, String attribute, int memberLimit, Object id) {
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
    protected static Set<UUID> memberIds(ObjectNode body) {
        Set<UUID> ids = new LinkedHashSet<>();
        JsonNode members = body.get("members");
        if (members instanceof ArrayNode array) {
            for (JsonNode m : array) {
                String value = m.path("value").asText(null);
                Optional<UUID> id = value == null ? Optional.empty() : SqlPredicates.canonicalUuid(value.toLowerCase());
                ids.add(id.orElseThrow(() -> ScimException.invalidValue(
                        "members.value must be the id of a User, not " + m.get("value"))));
            }
        }
        return ids;
    }

    /** Applies the difference between two member sets with two batched statements; returns the users changed. */
    protected static List<UUID> changeMembers(Session session, String membershipTable, UUID group, Set<UUID> before,
                                              Set<UUID> after) {
        List<UUID> removed = before.stream().filter(id -> !after.contains(id)).toList();
        List<UUID> added = after.stream().filter(id -> !before.contains(id)).toList();
        if (removed.isEmpty() && added.isEmpty()) {
            return List.of();
        }
        session.doWork(c -> {
            batch(c, "DELETE FROM " + membershipTable + " WHERE group_id = ? AND user_id = ?", group, removed);
            batch(c, "INSERT INTO " + membershipTable + " (group_id, user_id) VALUES (?, ?)", group, added);
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
            for (UUID user : users) {
                ps.setObject(1, group);
                ps.setObject(2, user);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Creates the named groups that do not exist yet, in one batch. */
    protected void ensureGroups(Iterable<String> displayNames, String insertSql) {
        inTransaction(session -> session.doReturningWork(c -> {
            try (PreparedStatement ps = c.prepareStatement(insertSql)) {
                java.time.OffsetDateTime at = java.time.OffsetDateTime.ofInstant(now(), java.time.ZoneOffset.UTC);
                for (String name : displayNames) {
                    ps.setObject(1, IdentityStore.namedGroupId(name));
                    ps.setString(2, name);
                    ps.setObject(3, at);
                    ps.setObject(4, at);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        }));
    }

    protected String write(JsonNode node) {
        try {
            return json.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    protected JsonNode readJson(String text) {
        try {
            return storedJson.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored JSON is not valid: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (sessions != null) {
            sessions.close();
        }
    }
}
