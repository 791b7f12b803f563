package io.idbench.membership;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.config.Storage;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.FilterEvaluator;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.search.IndexConsistency;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.store.ProfileGroupSetup;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.RandomFilters;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dynamic memberships against the in-memory evaluator as the oracle: after concurrent random
 * creates, updates (moving users from one condition to another) and deletes, and after condition
 * changes, every dynamic group has exactly the members its condition selects, visible in the
 * users' groups (type indirect), in groups.value filters and, with an engine, in the index.
 */
@StartsServers
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storagesAndSearchModes")
public class DynamicGroupsTest extends PerBackendServiceTest {
    private static final String DYN = ScimSchemas.DYNAMIC_GROUP_URN;
    private static final int SEEDED = 60;
    private static final int WRITERS = 4;
    private static final int WRITES_PER_WRITER = 40;

    private final FilterResolver resolver = new FilterResolver(ScimSchemas.USER_TYPE);
    private final FilterEvaluator oracle = new FilterEvaluator(ScimSchemas.USER_TYPE);

    @BeforeEach
    void clean() {
        TestDatabase.deleteUsers();
        deleteGroups("dyn-");
        if (store instanceof IndexedIdentityStore indexed) {
            indexed.rebuild();
        }
    }

    private static ObjectNode dynamicGroup(String name, String condition) {
        ObjectNode g = JSON.createObjectNode();
        g.putArray("schemas").add(GROUP_URN).add(DYN);
        g.put("displayName", name);
        if (condition != null) {
            g.putObject(DYN).put("membershipCondition", condition);
        }
        return g;
    }

    private List<String> seed(Random random, int n, int offset) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Response r = scim.post("/Users", RandomFilters.randomUser(random, offset + i));
            assertThat(r.status()).as(r.toString()).isEqualTo(201);
            ids.add(r.id());
        }
        return ids;
    }

    private List<JsonNode> allUsers() {
        List<JsonNode> all = new ArrayList<>();
        scim.get("/Users?count=1000").body().path("Resources").forEach(all::add);
        return all;
    }

    /** Conditions: fixed ones of every shape, plus random ones from the filter grammar (never about groups). */
    private Map<String, String> conditions(Random random, List<JsonNode> users) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("dyn-type-c", "userType eq \"Type C\"");
        out.put("dyn-type-not-c", "not (userType eq \"type c\") and userType pr");
        out.put("dyn-work-mail", "emails[type eq \"work\" and value co \"a\"]");
        out.put("dyn-ssn", ScimSchemas.PROFILE_URN + ":ssn gt 100200 or name.givenName sw \"b\"");
        RandomFilters filters = new RandomFilters(random, users, false);
        for (int i = 0; out.size() < 8; i++) {
            String f = filters.filter();
            if (!f.toLowerCase(Locale.ROOT).contains("groups")) {
                out.put("dyn-random-" + i, f);
            }
        }
        return out;
    }

    /** Every dynamic group's members, four ways, equal the oracle's. */
    private void assertMaterialisedMembershipsMatchTheOracle(Map<String, String> groupIds) {
        List<JsonNode> users = allUsers();
        for (Map.Entry<String, String> g : groupIds.entrySet()) {
            JsonNode group = scim.get("/Groups/" + g.getValue()).body();
            String condition = group.path(DYN).path("membershipCondition").asText(null);
            Set<String> expected = new TreeSet<>();
            if (condition != null) {
                Expr expr = resolver.parse(condition);
                users.stream().filter(u -> oracle.matches(expr, u)).forEach(u -> expected.add(u.path("id").asText()));
            }
            Set<String> listedByUsers = new TreeSet<>();
            for (JsonNode u : users) {
                for (JsonNode m : u.path("groups")) {
                    if (m.path("value").asText().equals(g.getValue())) {
                        assertThat(m.path("type").asText()).isEqualTo("indirect");
                        assertThat(m.path("display").asText()).isEqualTo(g.getKey());
                        listedByUsers.add(u.path("id").asText());
                    }
                }
            }
            String context = g.getKey() + " [" + condition + "]";
            assertThat(listedByUsers).as(context).isEqualTo(expected);
            assertThat(members(g.getValue(), 1000)).as(context + " by filter").isEqualTo(new ArrayList<>(expected));
            assertThat(TestDatabase.count("SELECT count(*) FROM " + dynTable() + " WHERE group_id = '" + g.getValue() + "'"))
                    .as(context + " rows").isEqualTo(expected.size());
            assertThat(group.has("members")).as("dynamic members are not the group's members").isFalse();
        }
        if (store instanceof IndexedIdentityStore indexed) {
            IndexConsistency.Report report = IndexConsistency.check(store, indexed.index());
            assertThat(report.consistent()).as(report.toJson(Json.mapper()).toString()).isTrue();
        }
    }

    private String dynTable() {
        return storage() == Storage.RELATIONAL ? "r_dyn_membership" : "scim_dyn_membership";
    }

    /** Pages through groups.value eq id, {@code count} at a time; fails on a duplicate or a moving total. */
    private List<String> members(String groupId, int count) {
        List<String> out = new ArrayList<>();
        Long total = null;
        for (int start = 1;; start += count) {
            JsonNode page = scim.get("/Users?attributes=id&count=" + count + "&startIndex=" + start + "&filter="
                    + q("groups.value eq \"" + groupId + "\"")).body();
            long t = page.path("totalResults").asLong();
            assertThat(total == null || total == t).as("totalResults stable while paging").isTrue();
            total = t;
            page.path("Resources").forEach(r -> out.add(r.path("id").asText()));
            if (page.path("Resources").size() < count) {
                break;
            }
        }
        assertThat(new HashSet<>(out)).as("each member exactly once").hasSize(out.size());
        assertThat((long) out.size()).isEqualTo(total);
        assertThat(out).isSorted();
        return out;
    }

    @Test
    void concurrentRandomWritesKeepEveryDynamicGroupExact() throws Exception {
        Random random = new Random(20181122L);
        seed(random, SEEDED, 0);
        Map<String, String> groupIds = new HashMap<>();
        conditions(random, allUsers()).forEach((name, condition) -> {
            Response r = scim.post("/Groups", dynamicGroup(name, condition));
            assertThat(r.status()).as(r.toString()).isEqualTo(201);
            groupIds.put(name, r.id());
        });
        assertMaterialisedMembershipsMatchTheOracle(groupIds);

        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(pool.submit(() -> randomWrites(new Random(100 + writer), writer)));
        }
        for (Future<?> f : writers) {
            f.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();
        assertMaterialisedMembershipsMatchTheOracle(groupIds);
    }

    private void randomWrites(Random random, int writer) {
        List<String> mine = seed(random, 3, 1000 + writer * 1000);
        for (int i = 0; i < WRITES_PER_WRITER; i++) {
            int n = 1000 + writer * 1000 + 10 + i;
            switch (random.nextInt(5)) {
                case 0 -> mine.add(scim.post("/Users", RandomFilters.randomUser(random, n)).id());
                case 1 -> patchOk(pick(random, mine), patchOp("replace", "userType", "Type " + (char) ('A' + random.nextInt(4))));
                case 2 -> patchOk(pick(random, mine), patchOp("replace", "name.givenName", random.nextBoolean() ? "bob" : "Alice"));
                case 3 -> {
                    ObjectNode body = RandomFilters.randomUser(random, n);
                    Response r = scim.put("/Users/" + pick(random, mine), body, null);
                    assertThat(r.status()).as(r.toString()).isEqualTo(200);
                }
                default -> {
                    if (mine.size() > 1) {
                        assertThat(scim.delete("/Users/" + mine.remove(random.nextInt(mine.size())), null).status()).isEqualTo(204);
                    }
                }
            }
        }
    }

    private void patchOk(String id, ObjectNode patch) {
        Response r = scim.patch("/Users/" + id, patch, null);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
    }

    private static String pick(Random random, List<String> ids) {
        return ids.get(random.nextInt(ids.size()));
    }

    @Test
    void changingAConditionRecomputesExactlyTheRightMembers() {
        seed(new Random(5), 40, 0);
        String id = scim.post("/Groups", dynamicGroup("dyn-moving", "userType eq \"Type A\"")).id();
        Map<String, String> groups = Map.of("dyn-moving", id);
        assertMaterialisedMembershipsMatchTheOracle(groups);

        Response patched = scim.patch("/Groups/" + id, patchOp("replace", DYN + ":membershipCondition",
                "userType eq \"Type B\" or active eq true"), null);
        assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
        assertMaterialisedMembershipsMatchTheOracle(groups);

        assertThat(scim.put("/Groups/" + id, dynamicGroup("dyn-moving", "emails pr"), null).status()).isEqualTo(200);
        assertMaterialisedMembershipsMatchTheOracle(groups);

        assertThat(scim.patch("/Groups/" + id, patchOp("remove", DYN + ":membershipCondition", null), null).status())
                .isEqualTo(200);
        assertThat(members(id, 100)).isEmpty();
        assertMaterialisedMembershipsMatchTheOracle(groups);
    }

    @Test
    void pagingThroughAllMembersReturnsEachExactlyOnceAndCountAlone() {
        List<String> users = seed(new Random(9), 45, 0);
        ObjectNode staticGroup = dynamicGroup("dyn-static", null);
        var array = staticGroup.putArray("members");
        users.subList(0, 30).forEach(u -> array.addObject().put("value", u));
        String staticId = scim.post("/Groups?excludedAttributes=members", staticGroup).id();
        String dynamicId = scim.post("/Groups", dynamicGroup("dyn-everyone", "userName pr")).id();

        for (int count : new int[] {1, 7, 30, 100}) {
            assertThat(members(staticId, count)).hasSize(30).containsExactlyInAnyOrderElementsOf(users.subList(0, 30));
            assertThat(members(dynamicId, count)).hasSize(45).containsExactlyInAnyOrderElementsOf(users);
        }
        JsonNode countOnly = scim.get("/Users?count=0&filter=" + q("groups.value eq \"" + dynamicId + "\"")).body();
        assertThat(countOnly.path("totalResults").asLong()).isEqualTo(45);
        assertThat(countOnly.path("Resources")).isEmpty();

        // A user in both: listed with both types, and each type is filterable.
        JsonNode user = scim.get("/Users/" + users.get(0)).body();
        assertThat(user.path("groups").findValuesAsText("type")).containsExactlyInAnyOrder("direct", "indirect");
        assertThat(scim.get("/Users?count=0&filter=" + q("groups[type eq \"indirect\" and display eq \"dyn-everyone\"]"))
                .body().path("totalResults").asLong()).isEqualTo(45);
        assertThat(scim.get("/Users?count=0&filter=" + q("groups[type eq \"direct\" and value eq \"" + dynamicId + "\"]"))
                .body().path("totalResults").asLong()).isZero();
    }

    @Test
    void aGroupLargerThanTheMemberLimitIsPatchedAsRowsAndRenamedWithoutReadingItsMembers() {
        List<String> users = seed(new Random(11), MAX_GROUP_MEMBERS + 4, 0);
        ObjectNode group = dynamicGroup("dyn-big", null);
        var array = group.putArray("members");
        users.subList(0, MAX_GROUP_MEMBERS).forEach(u -> array.addObject().put("value", u));
        Response created = scim.post("/Groups", group);
        String id = created.id();

        ObjectNode add = patchOp("add", "members", JSON.createArrayNode());
        users.subList(MAX_GROUP_MEMBERS, users.size())
                .forEach(u -> ((ArrayNode) add.path("Operations").get(0).path("value")).addObject().put("value", u));
        Response added = scim.patch("/Groups/" + id, add, created.etag());
        assertThat(added.status()).as(added.toString()).isEqualTo(200);
        assertThat(added.body().has("members")).as("more than the limit: left out").isFalse();
        assertThat(added.etag()).isNotEqualTo(created.etag());
        assertThat(members(id, 3)).containsExactlyInAnyOrderElementsOf(users);
        assertThat(scim.get("/Groups/" + id).body().path("scimType").asText()).isEqualTo("tooMany");

        Response removed = scim.patch("/Groups/" + id + "?excludedAttributes=members",
                patchOp("remove", "members[value eq \"" + users.get(0) + "\"]", null), added.etag());
        assertThat(removed.status()).isEqualTo(200);
        assertThat(members(id, 100)).hasSize(users.size() - 1).doesNotContain(users.get(0));
        Response stale = scim.patch("/Groups/" + id, patchOp("remove", "members[value eq \"" + users.get(1) + "\"]", null),
                added.etag());
        assertThat(stale.status()).isEqualTo(412);

        Response renamed = scim.patch("/Groups/" + id, patchOp("replace", "displayName", "dyn-bigger"), null);
        assertThat(renamed.status()).as(renamed.toString()).isEqualTo(200);
        assertThat(renamed.body().path("displayName").asText()).isEqualTo("dyn-bigger");
        assertThat(scim.get("/Users/" + users.get(1)).body().path("groups").findValuesAsText("display")).contains("dyn-bigger");
        Response unknown = scim.patch("/Groups/" + id, patchOp("add", "members",
                JSON.createArrayNode().add(JSON.createObjectNode().put("value", "00000000-0000-0000-0000-000000000001"))), null);
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body().path("scimType").asText()).isEqualTo("invalidValue");
        assertThat(members(id, 100)).hasSize(users.size() - 1);
        if (store instanceof IndexedIdentityStore indexed) {
            assertThat(IndexConsistency.check(store, indexed.index()).consistent()).isTrue();
        }
    }

    @Test
    void invalidConditionsAreRejectedAndChangeNothing() {
        Response syntax = scim.post("/Groups", dynamicGroup("dyn-bad", "userName eq"));
        assertThat(syntax.status()).isEqualTo(400);
        assertThat(syntax.body().path("scimType").asText()).isEqualTo("invalidValue");
        assertThat(syntax.body().path("detail").asText()).startsWith("membershipCondition must be a SCIM filter over Users: ");
        Response circular = scim.post("/Groups", dynamicGroup("dyn-bad", "groups.display eq \"hr\""));
        assertThat(circular.status()).isEqualTo(400);
        assertThat(circular.body().path("detail").asText()).isEqualTo(
                "membershipCondition may not refer to groups (memberships would depend on each other): groups.display eq \"hr\"");
        assertThat(scim.get("/Groups?count=0&filter=" + q("displayName eq \"dyn-bad\"")).body().path("totalResults").asLong())
                .isZero();

        seed(new Random(3), 5, 0);
        String id = scim.post("/Groups", dynamicGroup("dyn-kept", "userName pr")).id();
        Response bad = scim.patch("/Groups/" + id, patchOp("replace", DYN + ":membershipCondition", "nosuch eq 1"), null);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().path("detail").asText()).startsWith("membershipCondition must be a SCIM filter over Users: ");
        assertThat(scim.get("/Groups/" + id).body().path(DYN).path("membershipCondition").asText()).isEqualTo("userName pr");
        assertThat(members(id, 100)).hasSize(5);
    }

    @Test
    void theProfilesTenDynamicGroupsExistExactlyWithDynOn() {
        seed(new Random(4), 30, 0);
        ProfileGroupSetup.ensure(store, true, Json.mapper());
        Map<String, String> ids = new HashMap<>();
        for (ProfileGroups.Dynamic d : ProfileGroups.DYNAMIC) {
            JsonNode found = scim.get("/Groups?filter=" + q("displayName eq \"" + d.displayName() + "\"")).body();
            assertThat(found.path("totalResults").asLong()).isEqualTo(1);
            JsonNode g = found.path("Resources").get(0);
            assertThat(g.path(DYN).path("membershipCondition").asText()).isEqualTo(d.condition());
            ids.put(d.displayName(), g.path("id").asText());
        }
        assertMaterialisedMembershipsMatchTheOracle(ids);
        ProfileGroupSetup.ensure(store, true, Json.mapper()); // idempotent
        assertThat(scim.get("/Groups?count=0&filter=" + q("displayName sw \"type-\"")).body().path("totalResults").asLong())
                .isEqualTo(10);
        ProfileGroupSetup.ensure(store, false, Json.mapper());
        assertThat(scim.get("/Groups?count=0&filter=" + q("displayName sw \"type-\"")).body().path("totalResults").asLong())
                .isZero();
        assertThat(TestDatabase.count("SELECT count(*) FROM " + dynTable())).isZero();
    }
}
