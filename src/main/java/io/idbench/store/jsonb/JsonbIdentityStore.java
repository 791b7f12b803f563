package io.idbench.store.jsonb;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.IdentityStore;
import io.idbench.store.Jpa;
import io.idbench.store.ResultPage;
import io.idbench.store.Sql;
import io.idbench.store.SqlErrors;
import io.idbench.store.StoredResource;
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
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.hibernate.Session;
import org.hibernate.SessionFactory;

/**
 * The JSONB storage: users and groups as one jsonb document per row (db/jsonb/schema.sql), written
 * through Hibernate entities, searched with SQL compiled from the filter AST. Modifications lock
 * the row (SELECT … FOR UPDATE) so concurrent writers serialize and If-Match is checked against
 * the committed version.
 */
public final class JsonbIdentityStore implements IdentityStore {
    public static final String DDL = "/db/jsonb/schema.sql";

    private static final Map<String, String> UNIQUE_INDEXES = Map.of(
            "scim_user_user_name_uq", "userName",
            "scim_user_ssn_uq", ScimSchemas.PROFILE_URN + ":ssn",
            "scim_user_badge_uq", ScimSchemas.PROFILE_URN + ":badge",
            "scim_user_employee_number_uq", ScimSchemas.ENTERPRISE_URN + ":employeeNumber",
            "scim_user_mobile_uq", "phoneNumbers[type eq \"mobile\"].value",
            "scim_group_display_name_uq", "displayName",
            "scim_user_pkey", "id",
            "scim_group_pkey", "id");

    /** A user's groups are few; the bound only guards against pathological data. */
    private static final int USER_GROUPS = 100_000;

    private final SessionFactory sessions;
    private final DataSource dataSource;
    private final ObjectMapper json;
    /** Stored documents were validated on the way in: no duplicate-key detection on the way out. */
    private final ObjectReader storedJson;
    private final JsonbFilterSql userSql = new JsonbFilterSql(ScimSchemas.USER_TYPE, JsonbTable.USERS);
    private final JsonbFilterSql groupSql = new JsonbFilterSql(ScimSchemas.GROUP_TYPE, JsonbTable.GROUPS);

    public JsonbIdentityStore(DataSource dataSource, ObjectMapper json) {
        this.json = json;
        this.dataSource = dataSource;
        this.storedJson = json.reader().without(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
        createSchema(dataSource);
        this.sessions = Jpa.sessionFactory(dataSource, UserEntity.class, GroupEntity.class);
    }

    /** Runs the DDL file (idempotent) in one transaction. */
    static void createSchema(DataSource dataSource) {
        try (InputStream in = JsonbIdentityStore.class.getResourceAsStream(DDL);
             Connection c = dataSource.getConnection();
             Statement s = c.createStatement()) {
            s.execute(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            if (!c.getAutoCommit()) {
                c.commit();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create the JSONB schema: " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return "jsonb";
    }

    // ---- users ---------------------------------------------------------------------------

    @Override
    public StoredResource createUser(ObjectNode body, String passwordHash) {
        return inTransaction(session -> {
            UserEntity e = new UserEntity();
            e.id = UUID.randomUUID();
            e.passwordHash = passwordHash;
            fill(e, body, JsonbTable.USERS);
            e.userName = body.get("userName").textValue();
            session.persist(e);
            session.flush();
            return stored(e, body);
        });
    }

    @Override
    public Optional<StoredResource> findUser(UUID id) {
        return read(c -> selectOne(c, JsonbTable.USERS, USER_GROUPS, id));
    }

    @Override
    public StoredResource modifyUser(UUID id, Long expectedVersion, UserChange change) {
        return inTransaction(session -> {
            UserEntity e = lock(session, UserEntity.class, id, expectedVersion, "User");
            Modified m = change.apply(assemble(e.userName, e.doc, null, JsonbTable.USERS));
            fill(e, m.body(), JsonbTable.USERS);
            e.userName = m.body().get("userName").textValue();
            if (m.passwordHash() != null) {
                e.passwordHash = m.passwordHash();
            }
            session.flush();
            return session.doReturningWork(c -> selectOne(c, JsonbTable.USERS, USER_GROUPS, id)).orElseThrow();
        });
    }

    @Override
    public void deleteUser(UUID id, Long expectedVersion) {
        delete(UserEntity.class, id, expectedVersion, "User");
    }

    @Override
    public ResultPage searchUsers(ListQuery query) {
        return search(JsonbTable.USERS, userSql, query, USER_GROUPS);
    }

    // ---- groups --------------------------------------------------------------------------

    @Override
    public StoredResource createGroup(ObjectNode body, int memberLimit) {
        return inTransaction(session -> {
            GroupEntity e = new GroupEntity();
            e.id = UUID.randomUUID();
            fill(e, body, JsonbTable.GROUPS);
            e.displayName = body.get("displayName").textValue();
            session.persist(e);
            session.flush();
            Set<UUID> members = memberIds(body);
            changeMembers(session, e.id, Set.of(), members);
            return session.doReturningWork(c -> selectOne(c, JsonbTable.GROUPS, memberLimit, e.id)).orElseThrow();
        });
    }

    @Override
    public Optional<StoredResource> findGroup(UUID id, int memberLimit) {
        return read(c -> selectOne(c, JsonbTable.GROUPS, memberLimit, id));
    }

    @Override
    public StoredResource modifyGroup(UUID id, Long expectedVersion, int memberLimit, UnaryOperator<ObjectNode> change) {
        return inTransaction(session -> {
            GroupEntity e = lock(session, GroupEntity.class, id, expectedVersion, "Group");
            StoredResource current = session.doReturningWork(c -> selectOne(c, JsonbTable.GROUPS, memberLimit, id)).orElseThrow();
            ObjectNode updated = change.apply(current.body());
            fill(e, updated, JsonbTable.GROUPS);
            e.displayName = updated.get("displayName").textValue();
            session.flush();
            changeMembers(session, id, memberIds(current.body()), memberIds(updated));
            return session.doReturningWork(c -> selectOne(c, JsonbTable.GROUPS, memberLimit, id)).orElseThrow();
        });
    }

    @Override
    public void deleteGroup(UUID id, Long expectedVersion) {
        delete(GroupEntity.class, id, expectedVersion, "Group");
    }

    @Override
    public ResultPage searchGroups(ListQuery query, int memberLimit) {
        return search(JsonbTable.GROUPS, groupSql, query, memberLimit);
    }

    @Override
    public void ensureGroups(Iterable<String> displayNames) {
        inTransaction(session -> session.doReturningWork(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO scim_group "
                    + "(id, display_name, doc, version, created, last_modified) VALUES (?, ?, '{}', 1, ?, ?) "
                    + "ON CONFLICT DO NOTHING")) {
                OffsetDateTime now = OffsetDateTime.ofInstant(now(), java.time.ZoneOffset.UTC);
                for (String name : displayNames) {
                    ps.setObject(1, UUID.randomUUID());
                    ps.setString(2, name);
                    ps.setObject(3, now);
                    ps.setObject(4, now);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        }));
    }

    @Override
    public void close() {
        sessions.close();
    }

    // ---- shared mechanics ----------------------------------------------------------------

    private <T> T inTransaction(Function<Session, T> work) {
        try (Session session = sessions.openSession()) {
            session.beginTransaction();
            try {
                T result = work.apply(session);
                session.getTransaction().commit();
                return result;
            } catch (RuntimeException e) {
                if (session.getTransaction().isActive()) {
                    session.getTransaction().rollback();
                }
                throw SqlErrors.translate(e, UNIQUE_INDEXES);
            }
        }
    }

    @FunctionalInterface
    private interface SqlWork<T> {
        T apply(Connection c) throws SQLException;
    }

    /**
     * Reads run in autocommit: one round trip per statement, no BEGIN/COMMIT. Each statement of
     * a list request (page, count) has its own snapshot, exactly as in a READ COMMITTED transaction.
     */
    private <T> T read(SqlWork<T> work) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            return work.apply(c);
        } catch (SQLException e) {
            throw new IllegalStateException("Query failed: " + e.getMessage(), e);
        }
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    /** Stores the body without the columns kept outside the document; bumps version and lastModified. */
    private void fill(ResourceEntity e, ObjectNode body, JsonbTable table) {
        ObjectNode doc = body.deepCopy();
        doc.remove(table.nameAttribute());
        doc.remove(table.membershipAttribute());
        e.doc = write(doc);
        Instant now = now();
        if (e.created == null) {
            e.created = now;
        }
        e.lastModified = now;
        e.version++;
    }

    private StoredResource stored(ResourceEntity e, ObjectNode body) {
        return new StoredResource(e.id, body, e.version, e.created, e.lastModified);
    }

    private ObjectNode assemble(String name, String doc, String membershipJson, JsonbTable table) {
        ObjectNode body = json.createObjectNode();
        body.put(table.nameAttribute(), name);
        body.setAll((ObjectNode) read(doc));
        if (membershipJson != null) {
            body.set(table.membershipAttribute(), read(membershipJson));
        }
        return body;
    }

    private <E extends ResourceEntity> E lock(Session session, Class<E> type, UUID id, Long expectedVersion, String what) {
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

    private <E extends ResourceEntity> void delete(Class<E> type, UUID id, Long expectedVersion, String what) {
        inTransaction(session -> {
            if (expectedVersion == null) {
                int n = session.createMutationQuery("delete from " + type.getSimpleName() + " e where e.id = :id")
                        .setParameter("id", id).executeUpdate();
                if (n == 0) {
                    throw ScimException.notFound(what + " " + id + " not found");
                }
            } else {
                session.remove(lock(session, type, id, expectedVersion, what));
            }
            return null;
        });
    }

    private Optional<StoredResource> selectOne(Connection c, JsonbTable table, int memberLimit, UUID id) throws SQLException {
        Sql sql = new Sql();
        table.select(sql, memberLimit);
        sql.append(" WHERE r.id = ").param(id);
        List<StoredResource> rows = query(c, sql, table, memberLimit);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    private ResultPage search(JsonbTable table, JsonbFilterSql compiler, ListQuery q, int memberLimit) {
        Sql where = new Sql();
        if (q.filter() != null) {
            where.append(" WHERE ");
            compiler.where(q.filter(), where);
        }
        return read(c -> {
            List<StoredResource> page = List.of();
            if (q.count() > 0) {
                Sql sql = new Sql();
                table.select(sql, memberLimit);
                sql.append(where);
                compiler.orderBy(q.sort(), sql);
                sql.append(" LIMIT ").param(q.count()).append(" OFFSET ").param(q.offset());
                page = query(c, sql, table, memberLimit);
            }
            // A short first page is the whole result: no count query needed.
            if (q.count() > 0 && page.size() < q.count() && (!page.isEmpty() || q.offset() == 0)) {
                return new ResultPage(page, (long) q.offset() + page.size());
            }
            Sql count = new Sql().append("SELECT count(*) FROM " + table.table() + " r").append(where);
            try (PreparedStatement ps = prepare(c, count); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new ResultPage(page, rs.getLong(1));
            }
        });
    }

    private List<StoredResource> query(Connection c, Sql sql, JsonbTable table, int memberLimit) throws SQLException {
        {
            List<StoredResource> out = new ArrayList<>();
            try (PreparedStatement ps = prepare(c, sql); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ObjectNode body = assemble(rs.getString(2), rs.getString(3), rs.getString(7), table);
                    if (body.path(table.membershipAttribute()).size() > memberLimit) {
                        throw ScimException.tooMany(table.membershipAttribute() + " of " + rs.getObject(1)
                                + " has more than " + memberLimit + " values; exclude it (excludedAttributes="
                                + table.membershipAttribute() + ") and page through it with a filter");
                    }
                    out.add(new StoredResource(rs.getObject(1, UUID.class), body, rs.getLong(4),
                            rs.getObject(5, OffsetDateTime.class).toInstant(),
                            rs.getObject(6, OffsetDateTime.class).toInstant()));
                }
            }
            return out;
        }
    }

    private static PreparedStatement prepare(Connection c, Sql sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql.text());
        List<Object> params = sql.params();
        for (int i = 0; i < params.size(); i++) {
            ps.setObject(i + 1, params.get(i));
        }
        return ps;
    }

    private static Set<UUID> memberIds(ObjectNode body) {
        Set<UUID> ids = new LinkedHashSet<>();
        JsonNode members = body.get("members");
        if (members instanceof ArrayNode array) {
            for (JsonNode m : array) {
                String value = m.path("value").asText(null);
                Optional<UUID> id = value == null ? Optional.empty() : JsonbFilterSql.canonicalUuid(value.toLowerCase());
                ids.add(id.orElseThrow(() -> ScimException.invalidValue(
                        "members.value must be the id of a User, not " + m.get("value"))));
            }
        }
        return ids;
    }

    private static void changeMembers(Session session, UUID group, Set<UUID> before, Set<UUID> after) {
        List<UUID> removed = before.stream().filter(id -> !after.contains(id)).toList();
        List<UUID> added = after.stream().filter(id -> !before.contains(id)).toList();
        if (removed.isEmpty() && added.isEmpty()) {
            return;
        }
        session.doWork(c -> {
            batch(c, "DELETE FROM scim_membership WHERE group_id = ? AND user_id = ?", group, removed);
            batch(c, "INSERT INTO scim_membership (group_id, user_id) VALUES (?, ?)", group, added);
        });
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

    private String write(JsonNode node) {
        try {
            return json.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode read(String text) {
        try {
            return storedJson.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored JSON is not valid: " + e.getMessage(), e);
        }
    }
}
