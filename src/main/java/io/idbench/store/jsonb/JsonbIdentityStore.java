package io.idbench.store.jsonb;

import static io.idbench.store.MembershipSql.changeMembers;
import static io.idbench.store.MembershipSql.checkMemberLimit;
import static io.idbench.store.MembershipSql.memberIds;
import static io.idbench.store.MembershipSql.membershipStatements;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.Storage;
import io.idbench.membership.DynamicGroups;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.DynamicMemberships;
import io.idbench.store.Jdbc;
import io.idbench.store.Jpa;
import io.idbench.store.MembershipSql;
import io.idbench.store.ResultPage;
import io.idbench.store.Sql;
import io.idbench.store.SqlIdentityStore;
import io.idbench.store.StorageSchema;
import io.idbench.store.StoredResource;
import io.idbench.store.UserFields;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.postgresql.util.ServerErrorMessage;

/**
 * The JSONB storage: users and groups as one jsonb document per row (db/jsonb/schema.sql), written
 * through Hibernate entities, searched with SQL compiled from the filter AST.
 */
public final class JsonbIdentityStore extends SqlIdentityStore {
    private static final String MEMBERSHIP = StorageSchema.membership(Storage.JSONB);
    private static final String DYNAMIC_MEMBERSHIP = StorageSchema.dynamicMembership(Storage.JSONB);
    /** Direct member counts per group and bucket of user ids (db/membership.sql): counts and pages of large groups. */
    private static final MembershipSql.MemberCounts MEMBER_COUNTS = StorageSchema.memberCounts(Storage.JSONB);

    private static final Map<String, String> UNIQUE_INDEXES = Map.of(
            "scim_user_user_name_uq", "userName",
            "scim_user_ssn_key", ScimSchemas.PROFILE_URN + ":ssn",
            "scim_user_badge_uq", ScimSchemas.PROFILE_URN + ":badge",
            "scim_user_employee_number_uq", ScimSchemas.ENTERPRISE_URN + ":employeeNumber",
            "scim_user_mobile_uq", "phoneNumbers[type eq \"mobile\"].value",
            "scim_group_display_name_uq", "displayName",
            "scim_user_pkey", "id",
            "scim_group_pkey", "id");

    private final JsonbFilterSql userSql = new JsonbFilterSql(ScimSchemas.USER_TYPE, JsonbTable.USERS);
    private final JsonbFilterSql groupSql = new JsonbFilterSql(ScimSchemas.GROUP_TYPE, JsonbTable.GROUPS);

    public JsonbIdentityStore(DataSource dataSource, ObjectMapper json) {
        super(dataSource, json, new Names(JsonbTable.USERS.table(), MEMBERSHIP, DYNAMIC_MEMBERSHIP,
                JsonbTable.USERS.membershipSource(), GroupEntity.class));
        StorageSchema.create(jdbc, Storage.JSONB);
        this.sessions = Jpa.sessionFactory(dataSource, UserEntity.class, GroupEntity.class);
        loadDynamicGroups();
    }

    @Override
    protected void selectUsers(Sql out, UserFields fields) {
        JsonbTable.USERS.select(out, groupLimit(fields), fields.attributes());
    }

    @Override
    protected List<StoredResource> users(Connection c, Sql sql, UserFields fields) throws SQLException {
        return query(c, sql, JsonbTable.USERS, groupLimit(fields));
    }

    @Override
    protected Sql userIds(Expr filter) {
        Sql sql = new Sql().append("SELECT r.id FROM scim_user r WHERE ");
        userSql.where(filter, sql);
        return sql;
    }

    @Override
    public Storage storage() {
        return Storage.JSONB;
    }

    @Override
    protected String uniqueAttribute(ServerErrorMessage violation) {
        return UNIQUE_INDEXES.getOrDefault(violation.getConstraint(), violation.getConstraint());
    }

    // ---- users ---------------------------------------------------------------------------

    @Override
    public StoredResource createUser(UUID id, ObjectNode body, String passwordHash) {
        return inUserTransaction(session -> {
            UserEntity e = new UserEntity();
            e.id = id;
            e.passwordHash = passwordHash;
            fill(e, body, JsonbTable.USERS);
            e.userName = body.get("userName").textValue();
            session.persist(e);
            session.flush();
            var dynamicGroups = memberships.sync(session, e.id, body, e.created, e.lastModified, true);
            return new StoredResource(e.id, DynamicMemberships.withGroups(body, dynamicGroups), e.version, e.created, e.lastModified);
        });
    }

    @Override
    public Optional<StoredResource> findUser(UUID id) {
        return read(c -> selectOne(c, JsonbTable.USERS, USER_GROUPS, id));
    }

    @Override
    public StoredResource modifyUser(UUID id, Long expectedVersion, UserChange change) {
        return inUserTransaction(session -> {
            UserEntity e = lock(session, UserEntity.class, id, expectedVersion, "User");
            Modified m = change.apply(assemble(e.userName, e.doc, null, JsonbTable.USERS));
            fill(e, m.body(), JsonbTable.USERS);
            e.userName = m.body().get("userName").textValue();
            if (m.passwordHash() != null) {
                e.passwordHash = m.passwordHash();
            }
            session.flush();
            memberships.sync(session, id, m.body(), e.created, e.lastModified, false);
            return session.doReturningWork(c -> selectOne(c, JsonbTable.USERS, USER_GROUPS, id)).orElseThrow();
        });
    }

    @Override
    public long deleteUser(UUID id, Long expectedVersion) {
        return delete(UserEntity.class, id, expectedVersion, "User");
    }

    @Override
    public ResultPage searchUsers(ListQuery query, UserFields fields) {
        return search(JsonbTable.USERS, userSql, query, groupLimit(fields), fields.attributes());
    }

    // ---- groups --------------------------------------------------------------------------

    @Override
    public StoredResource createGroup(UUID id, ObjectNode body, int memberLimit) {
        Optional<Expr> condition = memberships.condition(body);
        return memberships.groupWrite(affected -> inTransaction(session -> {
            GroupEntity e = new GroupEntity();
            e.id = id;
            fill(e, body, JsonbTable.GROUPS);
            e.displayName = body.get("displayName").textValue();
            session.persist(e);
            session.flush();
            affected.addAll(changeMembers(session, MEMBERSHIP, e.id, Set.of(), memberIds(body)));
            if (condition.isPresent()) {
                memberships.recompute(session, e.id, condition, affected);
            }
            return session.doReturningWork(c -> selectOne(c, JsonbTable.GROUPS, memberLimit, e.id)).orElseThrow();
        }));
    }

    @Override
    public Optional<StoredResource> findGroup(UUID id, int memberLimit) {
        return read(c -> selectOne(c, JsonbTable.GROUPS, memberLimit, id));
    }

    @Override
    public StoredResource modifyGroup(UUID id, Long expectedVersion, int memberLimit, UnaryOperator<ObjectNode> change) {
        return memberships.groupWrite(affected -> inTransaction(session -> {
            GroupEntity e = lock(session, GroupEntity.class, id, expectedVersion, "Group");
            StoredResource current = session.doReturningWork(c -> selectOne(c, JsonbTable.GROUPS, memberLimit, id)).orElseThrow();
            String oldName = e.displayName;
            Optional<String> oldCondition = DynamicGroups.conditionText(current.body());
            ObjectNode updated = change.apply(current.body().deepCopy());
            Optional<Expr> condition = memberships.condition(updated);
            fill(e, updated, JsonbTable.GROUPS);
            e.displayName = updated.get("displayName").textValue();
            session.flush();
            affected.addAll(changeMembers(session, MEMBERSHIP, id, memberIds(current.body()), memberIds(updated)));
            if (!oldCondition.equals(DynamicGroups.conditionText(updated))) {
                memberships.recompute(session, id, condition, affected);
            }
            if (!oldName.equals(e.displayName)) {
                memberships.renamed(session, id, affected);
            }
            return session.doReturningWork(c -> selectOne(c, JsonbTable.GROUPS, memberLimit, id)).orElseThrow();
        }));
    }

    @Override
    public void deleteGroup(UUID id, Long expectedVersion) {
        memberships.groupDelete(id, () -> delete(GroupEntity.class, id, expectedVersion, "Group"));
    }

    @Override
    public ResultPage searchGroups(ListQuery query, int memberLimit) {
        return search(JsonbTable.GROUPS, groupSql, query, memberLimit, true);
    }

    @Override
    public void ensureGroups(Iterable<String> displayNames) {
        ensureGroups(displayNames, "INSERT INTO scim_group (id, display_name, doc, version, created, last_modified) "
                + "VALUES (?, ?, '{}', 1, ?, ?) ON CONFLICT DO NOTHING");
    }

    // ---- mapping -------------------------------------------------------------------------

    /** Stores the body without the columns kept outside the document; bumps version and lastModified. */
    private void fill(ResourceEntity e, ObjectNode body, JsonbTable table) {
        ObjectNode doc = body.deepCopy();
        doc.remove(table.nameAttribute());
        doc.remove(table.membershipAttribute());
        e.doc = write(doc);
        e.touch(now());
    }

    private ObjectNode assemble(String name, String doc, String membershipJson, JsonbTable table) {
        ObjectNode body = json.createObjectNode();
        body.put(table.nameAttribute(), name);
        body.setAll((ObjectNode) readJson(doc));
        if (membershipJson != null) {
            body.set(table.membershipAttribute(), readJson(membershipJson));
        }
        return body;
    }

    @Override
    public List<Sql> userSearchStatements(ListQuery query, UserFields fields) {
        return statements(JsonbTable.USERS, userSql, query, groupLimit(fields), fields.attributes());
    }

    @Override
    public Sql userReadStatement(UUID id) {
        return readStatement(JsonbTable.USERS, USER_GROUPS, id);
    }

    private static Sql readStatement(JsonbTable table, int memberLimit, UUID id) {
        Sql sql = new Sql();
        table.select(sql, memberLimit);
        return sql.append(" WHERE r.id = ").param(id);
    }

    private Optional<StoredResource> selectOne(Connection c, JsonbTable table, int memberLimit, UUID id) throws SQLException {
        List<StoredResource> rows = query(c, readStatement(table, memberLimit, id), table, memberLimit);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    private ResultPage search(JsonbTable table, JsonbFilterSql compiler, ListQuery q, int memberLimit, boolean attributes) {
        List<Sql> statements = statements(table, compiler, q, memberLimit, attributes);
        return page(q, c -> query(c, statements.get(0), table, memberLimit), statements.get(1));
    }

    /**
     * The page, then the count. A page past the first picks its ids first (a MATERIALIZED CTE)
     * and only then reads and aggregates those rows: PostgreSQL would otherwise compute the
     * select list, memberships included, for every row it skips (1.1 s for a page at offset
     * 50,000 of a 100,000-member group).
     */
    private static List<Sql> statements(JsonbTable table, JsonbFilterSql compiler, ListQuery q, int memberLimit,
            boolean attributes) {
        Optional<List<Sql>> members = membershipStatements(q, table.membershipAttribute(), MEMBERSHIP,
                table == JsonbTable.USERS ? DYNAMIC_MEMBERSHIP : null, table == JsonbTable.USERS ? MEMBER_COUNTS : null,
                table.memberColumn(), table.otherColumn(),
                sql -> table.select(sql, memberLimit, attributes));
        if (members.isPresent() && q.sort() == null) {
            return members.get();
        }
        Sql where = new Sql();
        if (q.filter() != null) {
            where.append(" WHERE ");
            compiler.where(q.filter(), where);
        }
        Sql page = new Sql();
        if (q.offset() == 0) {
            table.select(page, memberLimit, attributes);
            page.append(where);
            compiler.orderBy(q.sort(), page);
            page.append(" LIMIT ").param(q.count());
        } else {
            String key = q.sort() == null ? "NULL::text" : compiler.sortKey(q.sort());
            String direction = q.sort() == null ? " " : JsonbFilterSql.direction(q.sort());
            page.append("WITH page AS MATERIALIZED (SELECT r.id, " + key + " AS k FROM " + table.table() + " r").append(where)
                    .append(" ORDER BY k" + direction + (direction.isBlank() ? ", " : "") + "r.id LIMIT ").param(q.count())
                    .append(" OFFSET ").param(q.offset()).append(") ");
            table.select(page, memberLimit, attributes);
            page.append(" JOIN page ON page.id = r.id ORDER BY page.k" + direction + (direction.isBlank() ? ", " : "") + "r.id");
        }
        Sql count = members.map(m -> m.get(1))
                .orElseGet(() -> new Sql().append("SELECT count(*) FROM " + table.table() + " r").append(where));
        return List.of(page, count);
    }

    private List<StoredResource> query(Connection c, Sql sql, JsonbTable table, int memberLimit) throws SQLException {
        List<StoredResource> out = new ArrayList<>();
        try (PreparedStatement ps = Jdbc.prepare(c, sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ObjectNode body = assemble(rs.getString(2), rs.getString(3), rs.getString(7), table);
                checkMemberLimit(body, table.membershipAttribute(), memberLimit, rs.getObject(1));
                out.add(new StoredResource(rs.getObject(1, UUID.class), body, rs.getLong(4),
                        rs.getObject(5, OffsetDateTime.class).toInstant(),
                        rs.getObject(6, OffsetDateTime.class).toInstant()));
            }
        }
        return out;
    }
}
