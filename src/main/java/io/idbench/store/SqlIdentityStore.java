package io.idbench.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.idbench.common.Json;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.ListQuery;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.sql.DataSource;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.postgresql.util.ServerErrorMessage;

/**
 * What every PostgreSQL storage does the same way, whatever its tables: writes in Hibernate
 * sessions with the row locked, reads in autocommit over plain JDBC (one round trip per
 * statement), constraint violations translated to SCIM errors, list pages and their counts.
 * Dynamic memberships are kept by {@link DynamicMemberships}, membership SQL is in
 * {@link MembershipSql}. Subclasses bring the physical design.
 */
public abstract class SqlIdentityStore implements IdentityStore {
    /** A user's groups are few; the bound only guards against pathological data. */
    protected static final int USER_GROUPS = 100_000;

    protected final DataSource dataSource;
    protected final ObjectMapper json;
    /** Stored JSON was validated on the way in: no duplicate-key detection on the way out. */
    protected final ObjectReader storedJson;
    protected SessionFactory sessions;
    protected final Jdbc jdbc;
    /** The storage's dynamic memberships; loaded by the subclass once its schema exists. */
    protected final DynamicMemberships memberships;

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
        this.jdbc = new Jdbc(dataSource, "Query failed");
        this.memberships = new DynamicMemberships(names, jdbc, this::userIds);
    }

    /**
     * The statements a user list request runs: the page, then the count. Exposed so that plans can
     * be inspected (EXPLAIN) exactly as they are executed.
     */
    public List<Sql> userSearchStatements(ListQuery query) {
        return userSearchStatements(query, UserFields.ALL);
    }

    /** As {@link #userSearchStatements(ListQuery)}, reading only {@code fields} as {@link #searchUsers(ListQuery, UserFields)} does. */
    public abstract List<Sql> userSearchStatements(ListQuery query, UserFields fields);

    /** The statement that reads one user by id. */
    public abstract Sql userReadStatement(UUID id);

    /** Appends the select list of users' {@code fields}, FROM the users table as r. */
    protected abstract void selectUsers(Sql out, UserFields fields);

    /** Runs a statement built on {@link #selectUsers} and maps its rows. */
    protected abstract List<StoredResource> users(Connection c, Sql sql, UserFields fields) throws SQLException;

    /** The membership bound of a read of users with {@code fields}: 0 reads no groups. */
    protected static int groupLimit(UserFields fields) {
        return fields.groups() ? USER_GROUPS : 0;
    }

    @Override
    public List<StoredResource> findUsers(List<UUID> ids, UserFields fields) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Sql sql = new Sql();
        selectUsers(sql, fields);
        whereIdIn(sql, ids);
        return inRequestedOrder(ids, read(c -> users(c, sql, fields)));
    }

    @Override
    public List<StoredResource> usersAfter(UUID after, int limit) {
        Sql sql = new Sql();
        selectUsers(sql, UserFields.ALL);
        keysetPage(sql, after, limit);
        return read(c -> users(c, sql, UserFields.ALL));
    }

    @Override
    public long countUsers() {
        return jdbc.count(names.userTable());
    }

    @Override
    public Optional<String> databaseProblem() {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(2) ? Optional.empty() : Optional.of("no answer within 2 s");
        } catch (SQLException e) {
            return Optional.of(e.getMessage());
        }
    }

    @Override
    public StoredResource changeGroupMembers(UUID id, Long expectedVersion, Set<UUID> add, Set<UUID> remove) {
        return memberships.groupWrite(affected -> {
            inTransaction(session -> {
                lock(session, names.groupEntity(), id, expectedVersion, "Group").touch(now());
                session.flush();
                session.doWork(c -> {
                    String table = names.directMembership();
                    MembershipSql.addOrRemove(c, "INSERT INTO " + table + " (group_id, user_id) SELECT ?, u FROM unnest(?) u "
                            + "ON CONFLICT DO NOTHING RETURNING user_id", id, add, affected);
                    MembershipSql.addOrRemove(c, "DELETE FROM " + table + " WHERE group_id = ? AND user_id = ANY(?) RETURNING user_id",
                            id, remove, affected);
                });
                return null;
            });
            return findGroup(id, 0).orElseThrow(() -> ScimException.notFound("Group " + id + " not found"));
        });
    }

    /** A statement selecting the ids of the users that match {@code filter} (one column). */
    protected abstract Sql userIds(Expr filter);

    @Override
    public void onMembershipChange(Consumer<List<UUID>> listener) {
        memberships.onChange(listener);
    }

    /** Loads the dynamic groups (their conditions) from the stored groups. */
    protected void loadDynamicGroups() {
        memberships.load(q -> searchGroups(q, 0));
    }

    /** A user write: holds the shared side of the dynamic-groups lock for its whole transaction. */
    protected <T> T inUserTransaction(Function<Session, T> work) {
        return memberships.duringUserSave(() -> inTransaction(work));
    }

    /** The SCIM attribute a violated unique index or constraint stands for. */
    protected abstract String uniqueAttribute(ServerErrorMessage violation);

    protected <T> T inTransaction(Function<Session, T> work) {
        try (Session session = sessions.openSession()) {
            session.beginTransaction();
            try {
                // Take the connection now, not at the first statement: Hibernate's id generator runs its
                // first statement under a JVM-wide lock, and a session waiting for a connection there
                // deadlocks with sessions that hold every connection and wait for that lock.
                session.doWork(connection -> {});
                T result = work.apply(session);
                session.getTransaction().commit();
                return result;
            } catch (RuntimeException e) {
                if (session.getTransaction().isActive()) {
                    try {
                        session.getTransaction().rollback();
                    } catch (RuntimeException rollback) {
                        // The connection died with the statement: the server rolls back on its own,
                        // and the first failure is the one that says what happened.
                        e.addSuppressed(rollback);
                    }
                }
                throw SqlErrors.translate(e, this::uniqueAttribute);
            }
        }
    }

    /**
     * Reads run in autocommit: one round trip per statement, no BEGIN/COMMIT. Each statement of
     * a list request (page, count) has its own snapshot, exactly as in a READ COMMITTED transaction.
     */
    protected <T> T read(Jdbc.Work<T> work) {
        return jdbc.autocommit(work);
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
        String table = type.getAnnotation(Table.class).name();
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
        Map<UUID, StoredResource> byId = new HashMap<>();
        loaded.forEach(r -> byId.put(r.id(), r));
        return ids.stream().map(byId::get).filter(Objects::nonNull).toList();
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
        return read(c -> total(c, q, q.count() > 0 ? pageQuery.run(c) : List.of(), count));
    }

    /** A page's rows and, when its statement also counted every match, that count; else -1. */
    public record CountedPage(List<StoredResource> rows, long total) {
    }

    /** Rows of a page that may carry the count of all matches, mapped by the storage. */
    @FunctionalInterface
    protected interface CountedPageQuery {
        CountedPage run(Connection c) throws SQLException;
    }

    /**
     * As {@link #page}, for a page statement that counts the matches beside choosing the page
     * ({@code count(*) OVER ()}): the matching set is computed once, and the count statement only
     * runs when the page is empty.
     */
    protected ResultPage countedPage(ListQuery q, CountedPageQuery pageQuery, Sql count) {
        return read(c -> {
            CountedPage page = q.count() > 0 ? pageQuery.run(c) : new CountedPage(List.of(), -1);
            return page.total() >= 0 && !page.rows().isEmpty() ? new ResultPage(page.rows(), page.total())
                    : total(c, q, page.rows(), count);
        });
    }

    private static ResultPage total(Connection c, ListQuery q, List<StoredResource> page, Sql count) throws SQLException {
        if (q.count() > 0 && page.size() < q.count() && (!page.isEmpty() || q.offset() == 0)) {
            return new ResultPage(page, (long) q.offset() + page.size());
        }
        try (PreparedStatement ps = Jdbc.prepare(c, count); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return new ResultPage(page, rs.getLong(1));
        }
    }

    /** Creates the named groups that do not exist yet, in one batch. */
    protected void ensureGroups(Iterable<String> displayNames, String insertSql) {
        inTransaction(session -> session.doReturningWork(c -> {
            try (PreparedStatement ps = c.prepareStatement(insertSql)) {
                OffsetDateTime at = OffsetDateTime.ofInstant(now(), ZoneOffset.UTC);
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

    protected static String write(JsonNode node) {
        return Json.text(node);
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
