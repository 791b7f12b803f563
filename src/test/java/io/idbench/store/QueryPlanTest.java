package io.idbench.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.Storage;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.support.SqlSeed;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * At 100,000 identities, every statement that docs/workload.md plan 1 and plan 4 issue is served by
 * indexes in both storages: EXPLAIN shows no sequential scan of an identity table.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@StartsServers
class QueryPlanTest {
    static final int IDENTITIES = 100_000;
    private static final Set<String> IDENTITY_TABLES = Set.of("scim_user", "r_user", "u_attr", "u_value",
            "u_unique_value", "scim_membership", "r_membership");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROFILE = ScimSchemas.PROFILE_URN;

    private final Map<Storage, HikariDataSource> pools = new LinkedHashMap<>();
    private final Map<Storage, SqlIdentityStore> stores = new LinkedHashMap<>();
    private final Map<Storage, String> groupsOfAll = new LinkedHashMap<>();

    @BeforeAll
    void seedBothStoragesAt100k() throws SQLException {
        for (Storage storage : Storage.values()) {
            HikariDataSource pool = TestDatabase.fresh("plans_" + storage, 2);
            pools.put(storage, pool);
            SqlIdentityStore store = (SqlIdentityStore) IdentityStores.open(storage, pool, Json.mapper());
            stores.put(storage, store);
            try (Connection c = pool.getConnection()) {
                if (storage == Storage.JSONB) {
                    SqlSeed.jsonb(c, IDENTITIES);
                } else {
                    SqlSeed.relational(c, IDENTITIES);
                }
                groupsOfAll.put(storage, SqlSeed.groupOfAll(c, storage == Storage.JSONB, "hr", IDENTITIES));
            }
        }
    }

    @AfterAll
    void close() {
        stores.values().forEach(SqlIdentityStore::close);
        pools.values().forEach(HikariDataSource::close);
    }

    private static ListQuery query(String filter, String sortBy, int count) {
        FilterResolver r = new FilterResolver(ScimSchemas.USER_TYPE);
        return new ListQuery(r.parse(filter), r.sort(sortBy, null), 1, count);
    }

    /** The shapes plan 1 (heterogeneous) and plan 4 (query by type and values) issue. */
    private static Map<String, ListQuery> shapes() {
        Map<String, ListQuery> shapes = new LinkedHashMap<>();
        shapes.put("plan 1 search by name, sorted", query(
                "name.givenName eq \"fn_user.4242\" or name.familyName eq \"sn_user.4242\"", "name.familyName", 25));
        shapes.put("plan 1 read by userName", query("userName eq \"user.77\"", null, 25));
        shapes.put("plan 4 type and ssn range", query("userType eq \"Type C\" and " + PROFILE + ":ssn gt 100099000", null, 25));
        shapes.put("plan 4 type and e-mail", query("userType eq \"Type C\" and emails.value eq \"user.4242@example.org\"", null, 25));
        return shapes;
    }

    @ParameterizedTest
    @EnumSource(Storage.class)
    void everyPlan1AndPlan4StatementUsesAnIndex(Storage storage) throws SQLException {
        SqlIdentityStore store = stores.get(storage);
        Map<String, Sql> statements = new LinkedHashMap<>();
        statements.put("read by id", store.userReadStatement(UUID.nameUUIDFromBytes(new byte[] {1})));
        shapes().forEach((name, q) -> {
            List<Sql> s = store.userSearchStatements(q);
            statements.put(name + " (page)", s.get(0));
            statements.put(name + " (count)", s.get(1));
        });
        List<String> problems = new ArrayList<>();
        try (Connection c = pools.get(storage).getConnection()) {
            for (Map.Entry<String, Sql> e : statements.entrySet()) {
                JsonNode plan = explain(c, e.getValue());
                List<String> scans = new ArrayList<>();
                seqScans(plan, scans);
                if (!scans.isEmpty()) {
                    problems.add(storage + " / " + e.getKey() + ": sequential scan of " + scans + "\n" + plan.toPrettyString());
                }
            }
            c.rollback();
        }
        assertThat(problems).isEmpty();
    }

    /**
     * Plan 4's "type and value range" reads only its matches, from indexes alone: the (userType, ssn)
     * index on JSONB's generated columns, the value indexes in the EAV tables (no heap row per value).
     */
    @ParameterizedTest
    @EnumSource(Storage.class)
    void plan4TypeAndRangeIsReadFromItsIndexes(Storage storage) throws SQLException {
        // Plan 4's floor is random over the identities: half of them match the range on average.
        List<Sql> s = stores.get(storage)
                .userSearchStatements(query("userType eq \"Type C\" and " + PROFILE + ":ssn gt 100050000", null, 25));
        try (Connection c = pools.get(storage).getConnection()) {
            JsonNode count = explainAnalyze(c, s.get(1));
            c.rollback();
            List<String> scans = new ArrayList<>();
            scans(count, scans);
            if (storage == Storage.JSONB) {
                assertThat(scans).as(count.toPrettyString()).containsExactly("Index Only Scan on scim_user_type_ssn");
                assertThat(heapFetches(count)).as(count.toPrettyString()).isZero();
            } else {
                assertThat(scans).as(count.toPrettyString())
                        .containsExactlyInAnyOrder("Index Only Scan on u_value_string", "Index Only Scan on u_value_long");
                assertThat(count.toString()).as("the and is a semi-join, not an INTERSECT: " + count.toPrettyString())
                        .contains("\"Join Type\":\"Semi\"").doesNotContain("SetOp");
            }
        }
    }

    /** "Search by e-mail" (docs/workload.md) is a containment served by the GIN index on the lower-cased values, in any case. */
    @Test
    void jsonbEmailSearchUsesTheEmailValuesIndex() throws SQLException {
        List<Sql> s = stores.get(Storage.JSONB).userSearchStatements(query("emails.value eq \"USER.4242@Example.org\"", null, 25),
                new UserFields(false, true)); // without groups: their subquery reads indexes of its own
        try (Connection c = pools.get(Storage.JSONB).getConnection()) {
            JsonNode page = explainAnalyze(c, s.get(0));
            c.rollback();
            List<String> scans = new ArrayList<>();
            scans(page, scans);
            assertThat(scans).as(page.toPrettyString()).containsExactly("Bitmap Index Scan on scim_user_email_values");
            assertThat(page.path("Actual Rows").asLong()).as("the one identity with that e-mail: " + page.toPrettyString()).isOne();
        }
    }

    /** Rows an index-only scan had to read from the heap, over the whole plan. */
    private static long heapFetches(JsonNode node) {
        long fetches = node.path("Heap Fetches").asLong(0);
        for (JsonNode child : node.path("Plans")) {
            fetches += heapFetches(child);
        }
        return fetches;
    }

    /** "<node type> on <index>" of every index scan in the plan. */
    private static void scans(JsonNode node, List<String> out) {
        if (node.has("Index Name")) {
            out.add(node.path("Node Type").asText() + " on " + node.path("Index Name").asText());
        }
        node.path("Plans").forEach(child -> scans(child, out));
    }

    /**
     * Plan 3 at 100k: a page of 100 members near the end of a group of all identities, and the
     * member count, read the group's bucketed counts instead of stepping over its members (before:
     * 90,100 and 100,000 membership keys per request): the count at most 64 block rows, the page
     * at most 64 block rows and 64 bucket rows (before the blocks: 3,687 bucket rows at this offset).
     */
    @ParameterizedTest
    @EnumSource(Storage.class)
    void membersArePagedAndCountedWithoutReadingTheWholeGroup(Storage storage) throws SQLException {
        FilterResolver r = new FilterResolver(ScimSchemas.USER_TYPE);
        ListQuery q = new ListQuery(r.parse("groups.value eq \"" + groupsOfAll.get(storage) + "\""), null, 90_001, 100);
        List<Sql> s = stores.get(storage).userSearchStatements(q);
        String membership = storage == Storage.JSONB ? "scim_membership" : "r_membership";
        try (Connection c = pools.get(storage).getConnection()) {
            JsonNode page = explainAnalyze(c, s.get(0));
            JsonNode count = explainAnalyze(c, s.get(1));
            c.rollback();
            assertThat(rowsRead(page, membership)).as(page.toPrettyString()).isBetween(100L, 1_000L);
            assertThat(rowsRead(count, membership)).as(count.toPrettyString()).isZero();
            String counts = storage == Storage.JSONB ? "scim_membership_" : "r_membership_";
            assertThat(rowsRead(page, counts + "block")).as(page.toPrettyString()).isBetween(1L, 64L);
            assertThat(rowsRead(page, counts + "count")).as(page.toPrettyString()).isBetween(1L, 64L);
            assertThat(rowsRead(count, counts + "block")).as(count.toPrettyString()).isBetween(1L, 64L);
            assertThat(rowsRead(count, counts + "count")).as(count.toPrettyString()).isZero();
        }
    }

    /**
     * The page of members plan 3 asks for ({@code attributes=userName}) reads neither the members'
     * groups nor their attributes (before: two memberships and their groups, and the document or
     * some 25 value rows, per member); a page without groups alone skips the groups.
     */
    @ParameterizedTest
    @EnumSource(Storage.class)
    void aPageOfNamesReadsNeitherGroupsNorAttributes(Storage storage) throws SQLException {
        FilterResolver r = new FilterResolver(ScimSchemas.USER_TYPE);
        ListQuery q = new ListQuery(r.parse("groups.value eq \"" + groupsOfAll.get(storage) + "\""), null, 50_001, 100);
        String groups = storage == Storage.JSONB ? "scim_group" : "r_group";
        SqlIdentityStore store = stores.get(storage);
        try (Connection c = pools.get(storage).getConnection()) {
            JsonNode all = explain(c, store.userSearchStatements(q, UserFields.ALL).get(0), VERBOSE_ANALYZE);
            JsonNode noGroups = explainAnalyze(c, store.userSearchStatements(q, new UserFields(false, true)).get(0));
            JsonNode names = explain(c, store.userSearchStatements(q, new UserFields(false, false)).get(0), VERBOSE_ANALYZE);
            c.rollback();
            assertThat(rowsRead(all, groups)).as(all.toPrettyString()).isGreaterThanOrEqualTo(100L);
            assertThat(rowsRead(noGroups, groups)).as(noGroups.toPrettyString()).isZero();
            assertThat(rowsRead(names, groups)).as(names.toPrettyString()).isZero();
            if (storage == Storage.RELATIONAL) {
                assertThat(rowsRead(all, "u_value")).as(all.toPrettyString()).isGreaterThanOrEqualTo(100L);
                assertThat(rowsRead(names, "u_value")).as(names.toPrettyString()).isZero();
            } else {
                assertThat(all.path("Output").toString()).contains("doc");
                assertThat(names.path("Output").toString()).as(names.toPrettyString()).doesNotContain("doc");
            }
        }
    }

    private static final String VERBOSE_ANALYZE = "EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON) ";

    private static JsonNode explainAnalyze(Connection c, Sql sql) throws SQLException {
        return explain(c, sql, "EXPLAIN (ANALYZE, FORMAT JSON) ");
    }

    /** Rows the plan's scans of {@code table} returned, over all their loops. */
    private static long rowsRead(JsonNode node, String table) {
        long rows = table.equals(node.path("Relation Name").asText())
                ? node.path("Actual Rows").asLong() * node.path("Actual Loops").asLong() : 0;
        for (JsonNode child : node.path("Plans")) {
            rows += rowsRead(child, table);
        }
        return rows;
    }

    private static JsonNode explain(Connection c, Sql sql) throws SQLException {
        return explain(c, sql, "EXPLAIN (FORMAT JSON) ");
    }

    private static JsonNode explain(Connection c, Sql sql, String explain) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(explain + sql.text())) {
            for (int i = 0; i < sql.params().size(); i++) {
                ps.setObject(i + 1, sql.params().get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return JSON.readTree(rs.getString(1)).get(0).get("Plan");
            } catch (IOException ex) {
                throw new IllegalStateException(ex);
            }
        }
    }

    private static void seqScans(JsonNode node, List<String> out) {
        if ("Seq Scan".equals(node.path("Node Type").asText()) && IDENTITY_TABLES.contains(node.path("Relation Name").asText())) {
            out.add(node.path("Relation Name").asText());
        }
        node.path("Plans").forEach(child -> seqScans(child, out));
    }
}
