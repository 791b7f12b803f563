package io.idbench.store.relational;

import static io.idbench.store.MembershipSql.changeMembers;
import static io.idbench.store.MembershipSql.checkMemberLimit;
import static io.idbench.store.MembershipSql.memberIds;
import static io.idbench.store.MembershipSql.membershipJson;
import static io.idbench.store.MembershipSql.membershipStatements;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.hibernate.Session;
import org.postgresql.util.ServerErrorMessage;

/**
 * The relational storage: Apache Syncope's EAV shape (db/relational/schema.sql) through Hibernate
 * entities. A modification writes only the value rows that changed; reads fetch a resource and
 * all its value rows in one statement; searches run the set algebra of {@link RelationalFilterSql}.
 *
 * <p>Why one class of this size: it is the EAV storage's whole physical design (which rows a
 * write touches, the statement a read assembles them with, how a page and its count are built),
 * the counterpart of {@code JsonbIdentityStore}; the shared mechanics are already in
 * {@code SqlIdentityStore}, {@code DynamicMemberships}, {@code MembershipSql}, the mapping in
 * {@link EavMapper} and the filters in {@link RelationalFilterSql}.
 */
public final class RelationalIdentityStore extends SqlIdentityStore {
    private static final String MEMBERSHIP = StorageSchema.membership(Storage.RELATIONAL);
    private static final String DYNAMIC_MEMBERSHIP = StorageSchema.dynamicMembership(Storage.RELATIONAL);
    /** The column of a filtered page's statement that counts all its matches. */
    private static final int TOTAL_COLUMN = 8;

    /** Direct member counts per group and bucket of user ids (db/membership.sql): counts and pages of large groups. */
    private static final MembershipSql.MemberCounts MEMBER_COUNTS = StorageSchema.memberCounts(Storage.RELATIONAL);
    private static final Pattern UNIQUE_KEY = Pattern.compile("\\(schema_id, value\\)=\\((\\d+),");

    private final OwnerKind users;
    private final OwnerKind groups;

    public RelationalIdentityStore(DataSource dataSource, ObjectMapper json) {
        super(dataSource, json, new Names(RelationalTable.USERS.table(), MEMBERSHIP, DYNAMIC_MEMBERSHIP,
                RelationalTable.USERS.membershipSource(), GroupRow.class));
        StorageSchema.create(jdbc, Storage.RELATIONAL);
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                // Start-up work, not a request: the service's statement timeout is for requests.
                s.execute("SET LOCAL statement_timeout = 0");
            }
            this.users = OwnerKind.users(Catalogue.load(c, ScimSchemas.USER_TYPE, RelationalTable.USERS));
            this.groups = OwnerKind.groups(Catalogue.load(c, ScimSchemas.GROUP_TYPE, RelationalTable.GROUPS));
            c.commit();
            c.setAutoCommit(autoCommit);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot load the attribute catalogue: " + e.getMessage(), e);
        }
        this.sessions = Jpa.sessionFactory(dataSource, UserRow.class, GroupRow.class, UserAttr.class, GroupAttr.class,
                UserValue.class, GroupValue.class, UserUniqueValue.class, GroupUniqueValue.class);
        loadDynamicGroups();
    }

    @Override
    protected void selectUsers(Sql out, UserFields fields) {
        select(out, users, groupLimit(fields), fields.attributes());
    }

    @Override
    protected List<StoredResource> users(Connection c, Sql sql, UserFields fields) throws SQLException {
        return query(c, sql, users, groupLimit(fields));
    }

    @Override
    protected Sql userIds(Expr filter) {
        Sql set = new Sql();
        users.sql().owners(filter, set);
        return new Sql().append("SELECT owner_id FROM (").append(set).append(") x(owner_id)");
    }

    @Override
    public Storage storage() {
        return Storage.RELATIONAL;
    }

    @Override
    protected String uniqueAttribute(ServerErrorMessage violation) {
        String constraint = violation.getConstraint();
        if (RelationalTable.USERS.uniqueConstraint().equals(constraint)
                || RelationalTable.GROUPS.uniqueConstraint().equals(constraint)) {
            Matcher m = UNIQUE_KEY.matcher(String.valueOf(violation.getDetail()));
            OwnerKind kind = constraint.startsWith("u_") ? users : groups;
            Leaf leaf = m.find() ? kind.catalogue().byId(Short.parseShort(m.group(1))) : null;
            return leaf == null ? "a unique attribute" : leaf.name();
        }
        if ("r_user_user_name_uq".equals(constraint)) {
            return "userName";
        }
        if ("r_group_display_name_uq".equals(constraint)) {
            return "displayName";
        }
        return constraint != null && constraint.endsWith("_pkey") ? "id" : constraint;
    }

    // ---- users ---------------------------------------------------------------------------

    @Override
    public StoredResource createUser(UUID id, ObjectNode body, String passwordHash) {
        return inUserTransaction(session -> {
            UserRow e = new UserRow();
            e.id = id;
            e.passwordHash = passwordHash;
            create(session, users, e, body);
            var dynamicGroups = memberships.sync(session, e.id, body, e.created, e.lastModified, true);
            return new StoredResource(e.id, DynamicMemberships.withGroups(body, dynamicGroups), e.version, e.created, e.lastModified);
        });
    }

    @Override
    public Optional<StoredResource> findUser(UUID id) {
        return read(c -> selectOne(c, users, USER_GROUPS, id));
    }

    @Override
    public StoredResource modifyUser(UUID id, Long expectedVersion, UserChange change) {
        return inUserTransaction(session -> {
            UserRow e = lock(session, UserRow.class, id, expectedVersion, "User");
            List<ValueEntity> values = values(session, users, id);
            ObjectNode current = users.mapper().body(users.table().nameAttribute(), e.userName, rows(values));
            Modified m = change.apply(current.deepCopy());
            if (m.passwordHash() != null) {
                e.passwordHash = m.passwordHash();
            }
            modify(session, users, e, values, current, m.body());
            memberships.sync(session, id, m.body(), e.created, e.lastModified, false);
            return session.doReturningWork(c -> selectOne(c, users, USER_GROUPS, id)).orElseThrow();
        });
    }

    @Override
    public long deleteUser(UUID id, Long expectedVersion) {
        return delete(UserRow.class, id, expectedVersion, "User");
    }

    @Override
    public ResultPage searchUsers(ListQuery query, UserFields fields) {
        return search(users, query, groupLimit(fields), fields.attributes());
    }

    // ---- groups --------------------------------------------------------------------------

    @Override
    public StoredResource createGroup(UUID id, ObjectNode body, int memberLimit) {
        Optional<Expr> condition = memberships.condition(body);
        return memberships.groupWrite(affected -> inTransaction(session -> {
            GroupRow e = new GroupRow();
            e.id = id;
            create(session, groups, e, body);
            affected.addAll(changeMembers(session, MEMBERSHIP, e.id, Set.of(), memberIds(body)));
            if (condition.isPresent()) {
                memberships.recompute(session, e.id, condition, affected);
            }
            return session.doReturningWork(c -> selectOne(c, groups, memberLimit, e.id)).orElseThrow();
        }));
    }

    @Override
    public Optional<StoredResource> findGroup(UUID id, int memberLimit) {
        return read(c -> selectOne(c, groups, memberLimit, id));
    }

    @Override
    public StoredResource modifyGroup(UUID id, Long expectedVersion, int memberLimit, UnaryOperator<ObjectNode> change) {
        return memberships.groupWrite(affected -> inTransaction(session -> {
            GroupRow e = lock(session, GroupRow.class, id, expectedVersion, "Group");
            List<ValueEntity> values = values(session, groups, id);
            StoredResource current = session.doReturningWork(c -> selectOne(c, groups, memberLimit, id)).orElseThrow();
            String oldName = e.displayName;
            ObjectNode updated = change.apply(current.body().deepCopy());
            Optional<Expr> condition = memberships.condition(updated);
            modify(session, groups, e, values, current.body(), updated);
            affected.addAll(changeMembers(session, MEMBERSHIP, id, memberIds(current.body()), memberIds(updated)));
            if (!DynamicGroups.conditionText(current.body()).equals(DynamicGroups.conditionText(updated))) {
                memberships.recompute(session, id, condition, affected);
            }
            if (!oldName.equals(e.displayName)) {
                memberships.renamed(session, id, affected);
            }
            return session.doReturningWork(c -> selectOne(c, groups, memberLimit, id)).orElseThrow();
        }));
    }

    @Override
    public void deleteGroup(UUID id, Long expectedVersion) {
        memberships.groupDelete(id, () -> delete(GroupRow.class, id, expectedVersion, "Group"));
    }

    @Override
    public ResultPage searchGroups(ListQuery query, int memberLimit) {
        return search(groups, query, memberLimit, true);
    }

    @Override
    public void ensureGroups(Iterable<String> displayNames) {
        ensureGroups(displayNames, "INSERT INTO r_group (id, display_name, version, created, last_modified) "
                + "VALUES (?, ?, 1, ?, ?) ON CONFLICT DO NOTHING");
    }

    // ---- writes --------------------------------------------------------------------------

    private void create(Session session, OwnerKind kind, OwnerEntity e, ObjectNode body) {
        e.name(body.get(kind.table().nameAttribute()).textValue());
        e.touch(now());
        session.persist(e);
        List<ValueRow> rows = kind.mapper().rows(body);
        writeValues(session, kind, e.id, List.of(), rows, Map.of(), kind.mapper().uniqueValues(body, rows));
        session.flush();
    }

    /** {@code before} is the stored body: its unique values are derived from it, not read again. */
    private void modify(Session session, OwnerKind kind, OwnerEntity e, List<ValueEntity> values, ObjectNode before,
            ObjectNode body) {
        e.name(body.get(kind.table().nameAttribute()).textValue());
        e.touch(now());
        List<ValueRow> rows = kind.mapper().rows(body);
        Map<Short, String> oldUniques = kind.mapper().uniqueValues(before, rows(values));
        writeValues(session, kind, e.id, values, rows, oldUniques, kind.mapper().uniqueValues(body, rows));
    }

    /**
     * Writes the difference between the stored rows and the new ones: attribute rows first, value
     * rows inserted, updated in place or removed, unique values swapped. Attributes that
     * disappear are deleted after the flush; their value rows go with them (ON DELETE CASCADE).
     */
    private void writeValues(Session session, OwnerKind kind, UUID owner, List<ValueEntity> oldValues,
            List<ValueRow> newRows, Map<Short, String> oldUniques, Map<Short, String> newUniques) {
        Map<Long, ValueEntity> old = new HashMap<>();
        Set<Short> oldSchemas = new HashSet<>();
        for (ValueEntity v : oldValues) {
            old.put(v.row().key(), v);
            oldSchemas.add(v.schemaId);
        }
        Set<Short> newSchemas = new HashSet<>();
        for (ValueRow r : newRows) {
            if (newSchemas.add(r.schemaId()) && !oldSchemas.contains(r.schemaId())) {
                AttrEntity attr = kind.newAttr().get();
                attr.ownerId = owner;
                attr.schemaId = r.schemaId();
                session.persist(attr);
            }
        }
        for (ValueRow r : newRows) {
            ValueEntity existing = old.remove(r.key());
            if (existing == null) {
                ValueEntity v = kind.newValue().get();
                v.ownerId = owner;
                v.schemaId = r.schemaId();
                v.idx = r.idx();
                v.value(r.value());
                session.persist(v);
            } else if (!existing.row().sameValue(r)) {
                existing.value(r.value());
            }
        }
        for (ValueEntity gone : old.values()) {
            if (newSchemas.contains(gone.schemaId)) {
                session.remove(gone);
            }
        }
        // Unique values that changed: the old ones are deleted at once (nothing references them),
        // the new ones inserted at flush, where a value another owner holds fails the constraint.
        List<Short> released = new ArrayList<>();
        oldUniques.forEach((schema, value) -> {
            if (!value.equals(newUniques.get(schema))) {
                released.add(schema);
            }
        });
        if (!released.isEmpty()) {
            session.createMutationQuery("delete from " + kind.uniqueClass().getSimpleName()
                    + " u where u.ownerId = :o and u.schemaId in :s").setParameter("o", owner)
                    .setParameterList("s", released).executeUpdate();
        }
        newUniques.forEach((schema, value) -> {
            if (value.equals(oldUniques.get(schema))) {
                return;
            }
            UniqueValueEntity u = kind.newUnique().get();
            u.schemaId = schema;
            u.value = value;
            u.ownerId = owner;
            session.persist(u);
        });
        oldSchemas.removeAll(newSchemas);
        if (!oldSchemas.isEmpty()) {
            session.flush();
            session.doWork(c -> {
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + kind.table().attrTable()
                        + " WHERE owner_id = ? AND schema_id = ANY (?)")) {
                    ps.setObject(1, owner);
                    ps.setArray(2, c.createArrayOf("smallint", oldSchemas.toArray()));
                    ps.executeUpdate();
                }
            });
        }
        session.flush();
    }

    private static List<ValueEntity> values(Session session, OwnerKind kind, UUID owner) {
        return session.createSelectionQuery("from " + kind.valueClass().getSimpleName()
                + " v where v.ownerId = :o order by v.schemaId, v.idx", ValueEntity.class)
                .setParameter("o", owner).getResultList();
    }

    private static List<ValueRow> rows(List<ValueEntity> values) {
        List<ValueRow> rows = new ArrayList<>(values.size());
        values.forEach(v -> rows.add(v.row()));
        return rows;
    }

    // ---- reads ---------------------------------------------------------------------------

    /** The resource row, all its value rows (as one JSON array) and, when asked for, its memberships. */
    private static void select(Sql out, OwnerKind kind, int memberLimit) {
        select(out, kind, memberLimit, true);
    }

    /** As above; without {@code attributes} no value row is read. */
    private static void select(Sql out, OwnerKind kind, int memberLimit, boolean attributes) {
        select(out, kind, memberLimit, attributes, "");
    }

    /** As above, with {@code extra} (", expression") as the last column. */
    private static void select(Sql out, OwnerKind kind, int memberLimit, boolean attributes, String extra) {
        RelationalTable t = kind.table();
        out.append("SELECT r.id, r." + t.nameColumn() + ", r.version, r.created, r.last_modified, "
                + (attributes ? "(SELECT json_agg(json_build_array(v.schema_id, v.idx, v.string_value, v.long_value, v.double_value, "
                        + "v.date_value, v.boolean_value) ORDER BY v.schema_id, v.idx)::text FROM " + t.valueTable()
                        + " v WHERE v.owner_id = r.id), " : "NULL, "));
        if (memberLimit > 0) {
            membershipJson(out, t.membershipSource(), t.memberColumn(), t.otherColumn(), t.otherTable(), t.otherNameColumn(),
                    memberLimit);
        } else {
            out.append("NULL");
        }
        out.append(extra + " FROM " + t.table() + " r");
    }

    @Override
    public List<Sql> userSearchStatements(ListQuery query, UserFields fields) {
        return statements(users, query, groupLimit(fields), fields.attributes());
    }

    @Override
    public Sql userReadStatement(UUID id) {
        return readStatement(users, USER_GROUPS, id);
    }

    private static Sql readStatement(OwnerKind kind, int memberLimit, UUID id) {
        Sql sql = new Sql();
        select(sql, kind, memberLimit);
        return sql.append(" WHERE r.id = ").param(id);
    }

    private Optional<StoredResource> selectOne(Connection c, OwnerKind kind, int memberLimit, UUID id) throws SQLException {
        List<StoredResource> rows = query(c, readStatement(kind, memberLimit, id), kind, memberLimit);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    private ResultPage search(OwnerKind kind, ListQuery q, int memberLimit, boolean attributes) {
        List<Sql> statements = statements(kind, q, memberLimit, attributes);
        return countedPage(q, c -> countedQuery(c, statements.get(0), kind, memberLimit), statements.get(1));
    }

    /**
     * Without a filter, the page is read in key order from r. With one, the page's ids are chosen
     * from the matching set first (key read by id for each match), and only those rows are
     * joined: the plan then never depends on how many matches the planner expects, and r is
     * never scanned (the planner may prefer a sequential scan of r to a few probes). The page
     * also counts the matching set it has computed anyway ({@code count(*) OVER ()}, the last
     * column), so the count statement only runs for an empty page instead of computing the set
     * a second time.
     */
    private static List<Sql> statements(OwnerKind kind, ListQuery q, int memberLimit, boolean attributes) {
        RelationalTable t = kind.table();
        Optional<List<Sql>> members = membershipStatements(q, t.membershipAttribute(), MEMBERSHIP,
                t == RelationalTable.USERS ? DYNAMIC_MEMBERSHIP : null, t == RelationalTable.USERS ? MEMBER_COUNTS : null, t.memberColumn(),
                t.otherColumn(),
                sql -> select(sql, kind, memberLimit, attributes));
        if (members.isPresent() && q.sort() == null) {
            return members.get();
        }
        RelationalFilterSql compiler = kind.sql();
        Sql page = new Sql();
        Sql count;
        if (q.filter() == null) {
            select(page, kind, memberLimit, attributes);
            compiler.orderBy(q.sort(), page);
            page.append(" LIMIT ").param(q.count()).append(" OFFSET ").param(q.offset());
            count = new Sql().append("SELECT count(*) FROM " + kind.table().table());
            return List.of(page, count);
        }
        Sql set = new Sql();
        compiler.owners(q.filter(), set);
        page.append("WITH page AS MATERIALIZED (SELECT m.id, ");
        if (q.sort() == null) {
            page.append("NULL::text AS k");
        } else {
            compiler.sortKey(q.sort(), "m.id", false, page);
            page.append(" AS k");
        }
        page.append(", count(*) OVER () AS total");
        page.append(" FROM (SELECT owner_id AS id FROM (").append(set).append(") x(owner_id)) m ORDER BY k")
                .append(q.sort() == null ? "" : RelationalFilterSql.direction(q.sort())).append(", m.id LIMIT ")
                .param(q.count()).append(" OFFSET ").param(q.offset()).append(") ");
        select(page, kind, memberLimit, attributes, ", page.total");
        page.append(" JOIN page ON page.id = r.id ORDER BY page.k")
                .append(q.sort() == null ? "" : RelationalFilterSql.direction(q.sort())).append(", r.id");
        count = members.map(m -> m.get(1)).orElseGet(() -> new Sql().append("SELECT count(*) FROM (").append(set).append(") s"));
        return List.of(page, count);
    }

    private List<StoredResource> query(Connection c, Sql sql, OwnerKind kind, int memberLimit) throws SQLException {
        return countedQuery(c, sql, kind, memberLimit).rows();
    }

    /** The rows, and the count of all matches when the statement has it as an eighth column (else -1). */
    private CountedPage countedQuery(Connection c, Sql sql, OwnerKind kind, int memberLimit) throws SQLException {
        List<StoredResource> out = new ArrayList<>();
        long total = -1;
        try (PreparedStatement ps = Jdbc.prepare(c, sql); ResultSet rs = ps.executeQuery()) {
            boolean counted = rs.getMetaData().getColumnCount() >= TOTAL_COLUMN;
            while (rs.next()) {
                total = counted ? rs.getLong(TOTAL_COLUMN) : -1;
                String values = rs.getString(6);
                ObjectNode body = kind.mapper().body(kind.table().nameAttribute(), rs.getString(2),
                        values == null ? List.of() : rows(kind, readJson(values)));
                String members = rs.getString(7);
                if (members != null) {
                    body.set(kind.table().membershipAttribute(), readJson(members));
                }
                checkMemberLimit(body, kind.table().membershipAttribute(), memberLimit, rs.getObject(1));
                out.add(new StoredResource(rs.getObject(1, UUID.class), body, rs.getLong(3),
                        rs.getObject(4, OffsetDateTime.class).toInstant(),
                        rs.getObject(5, OffsetDateTime.class).toInstant()));
            }
        }
        return new CountedPage(out, total);
    }

    /** [schema_id, idx, string, long, double, date, boolean] arrays to typed rows. */
    private static List<ValueRow> rows(OwnerKind kind, JsonNode array) {
        List<ValueRow> rows = new ArrayList<>(array.size());
        for (JsonNode a : array) {
            short schema = (short) a.get(0).intValue();
            Leaf leaf = kind.catalogue().byId(schema);
            Object value;
            switch (leaf.column()) {
                case "long_value":
                    value = a.get(3).longValue();
                    break;
                case "double_value":
                    value = a.get(4).decimalValue();
                    break;
                case "date_value":
                    value = OffsetDateTime.parse(a.get(5).textValue()).toInstant();
                    break;
                case "boolean_value":
                    value = a.get(6).booleanValue();
                    break;
                default:
                    value = a.get(2).textValue();
            }
            rows.add(new ValueRow(schema, a.get(1).intValue(), value));
        }
        return rows;
    }
}
