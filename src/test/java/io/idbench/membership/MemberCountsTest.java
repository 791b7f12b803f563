package io.idbench.membership;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.Storage;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A group's members are counted and paged from bucketed member counts and their blocks (schema.sql):
 * after concurrent adds and removes through PATCH and deletes of member users, the count, every page
 * at every offset, and both counts tables themselves agree with the members the writes left, in id
 * order.
 */
@StartsServers
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class MemberCountsTest extends PerBackendServiceTest {
    private static final int USERS = 400;
    private static final int WRITERS = 4;

    @BeforeEach
    void clean() {
        TestDatabase.deleteUsers();
        deleteGroups("counted-");
    }

    private String counts() {
        return storage() == Storage.RELATIONAL ? "r_membership_count" : "scim_membership_count";
    }

    private String blocks() {
        return storage() == Storage.RELATIONAL ? "r_membership_block" : "scim_membership_block";
    }

    private String membership() {
        return storage() == Storage.RELATIONAL ? "r_membership" : "scim_membership";
    }

    private List<String> users(int n) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(createUser("counted.user." + i, 7000 + i).id());
        }
        return ids;
    }

    private static ObjectNode memberPatch(String op, List<String> ids) {
        ArrayNode members = JSON.createArrayNode();
        ids.forEach(id -> members.addObject().put("value", id));
        return op.equals("add") ? patchOp("add", "members", members)
                : patchOp("remove", "members[value eq \"" + ids.get(0) + "\"]", null);
    }

    private String group(String name) {
        ObjectNode g = JSON.createObjectNode();
        g.putArray("schemas").add(GROUP_URN);
        g.put("displayName", name);
        Response r = scim.post("/Groups?excludedAttributes=members", g);
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return r.id();
    }

    @Test
    void countsAndPagesMatchTheMembersAfterConcurrentWrites() throws Exception {
        List<String> ids = users(USERS);
        String group = group("counted-a");
        Set<String> expected = new ConcurrentSkipListSet<>();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                Random random = new Random(writer);
                List<String> mine = new ArrayList<>(ids.subList(writer * USERS / WRITERS, (writer + 1) * USERS / WRITERS));
                for (int i = 0; i < mine.size(); i += 10) {
                    List<String> batch = mine.subList(i, i + 10);
                    Response added = scim.patch("/Groups/" + group + "?excludedAttributes=members", memberPatch("add", batch), null);
                    assertThat(added.status()).as(added.toString()).isIn(200, 204);
                    expected.addAll(batch);
                    String gone = batch.get(random.nextInt(batch.size()));
                    Response removed = scim.patch("/Groups/" + group + "?excludedAttributes=members",
                            memberPatch("remove", List.of(gone)), null);
                    assertThat(removed.status()).as(removed.toString()).isIn(200, 204);
                    expected.remove(gone);
                }
                return null;
            }));
        }
        for (Future<?> f : writers) {
            f.get(2, TimeUnit.MINUTES);
        }
        pool.shutdown();
        List<String> deleted = new ArrayList<>(expected).subList(0, 25);
        for (String id : deleted) {
            assertThat(scim.delete("/Users/" + id, null).status()).isEqualTo(204);
            expected.remove(id);
        }

        List<String> members = new ArrayList<>(new TreeSet<>(expected));
        assertThat(total(group)).isEqualTo(members.size());
        for (int start = 1; start <= members.size() + 1; start++) {
            assertThat(page(group, start, 1)).as("member %d", start)
                    .isEqualTo(start <= members.size() ? List.of(members.get(start - 1)) : List.of());
        }
        List<String> paged = new ArrayList<>();
        for (int start = 1; start <= members.size(); start += 37) {
            paged.addAll(page(group, start, 37));
        }
        assertThat(paged).isEqualTo(members);
        assertThat(wrongCounts("idb_bucket(user_id)", "bucket", counts())).as("every bucket's count is its members'").isZero();
        assertThat(wrongCounts("idb_bucket(user_id) / 64", "block", blocks())).as("every block's count is its members'").isZero();
    }

    /** Rows of {@code table} that differ from the members counted by {@code key}, both ways (empty rows aside). */
    private long wrongCounts(String key, String column, String table) {
        String actual = "SELECT group_id, " + key + ", count(*) FROM " + membership() + " GROUP BY 1, 2";
        String kept = "SELECT group_id, " + column + ", members FROM " + table + " WHERE members <> 0";
        return TestDatabase.count("SELECT count(*) FROM ((" + actual + " EXCEPT " + kept + ") UNION ALL (" + kept + " EXCEPT " + actual
                + ")) wrong");
    }

    @Test
    void aGroupWithMembersIsDeletedWithItsCounts() {
        List<String> ids = users(30);
        String group = groupOf("counted-b", ids);
        assertThat(total(group)).isEqualTo(30);
        assertThat(page(group, 11, 5)).isEqualTo(new ArrayList<>(new TreeSet<>(ids)).subList(10, 15));

        assertThat(scim.delete("/Groups/" + group, null).status()).isEqualTo(204);
        assertThat(TestDatabase.count("SELECT count(*) FROM " + counts() + " WHERE group_id = '" + group + "'")).isZero();
        assertThat(TestDatabase.count("SELECT count(*) FROM " + blocks() + " WHERE group_id = '" + group + "'")).isZero();
        assertThat(total(group)).isZero();
    }

    @Test
    void aPageOfNamesHoldsTheSameUsersAsAFullPage() {
        List<String> ids = users(12);
        String group = groupOf("counted-c", ids);
        String filter = "&startIndex=3&count=5&filter=" + q("groups.value eq \"" + group + "\"");

        JsonNode without = scim.get("/Users?attributes=userName" + filter).body();
        JsonNode with = scim.get("/Users?attributes=userName,groups" + filter).body();
        JsonNode excluded = scim.get("/Users?excludedAttributes=groups" + filter).body();
        JsonNode full = scim.get("/Users?" + filter.substring(1)).body();

        assertThat(without.path("totalResults").asInt()).isEqualTo(12);
        assertThat(userNames(without)).hasSize(5).isEqualTo(userNames(with)).isEqualTo(userNames(excluded))
                .isEqualTo(userNames(full));
        without.path("Resources").forEach(r -> assertThat(r.has("groups")).as(r.toString()).isFalse());
        excluded.path("Resources").forEach(r -> assertThat(r.has("groups")).as(r.toString()).isFalse());
        with.path("Resources").forEach(r -> assertThat(r.path("groups").findValuesAsText("value")).contains(group));
        full.path("Resources").forEach(r -> assertThat(r.path("emails").size()).as(r.toString()).isPositive());
    }

    private static List<String> userNames(JsonNode page) {
        List<String> out = new ArrayList<>();
        page.path("Resources").forEach(r -> out.add(r.path("id").asText() + " " + r.path("userName").asText()));
        return out;
    }

    /** A new group with these members, added in one PATCH. */
    private String groupOf(String name, List<String> members) {
        String group = group(name);
        Response added = scim.patch("/Groups/" + group + "?excludedAttributes=members", memberPatch("add", members), null);
        assertThat(added.status()).as(added.toString()).isIn(200, 204);
        return group;
    }

    private long total(String group) {
        return scim.get("/Users?count=0&filter=" + q("groups.value eq \"" + group + "\"")).body().path("totalResults").asLong();
    }

    private List<String> page(String group, int start, int count) {
        JsonNode body = scim.get("/Users?attributes=id&startIndex=" + start + "&count=" + count + "&filter="
                + q("groups.value eq \"" + group + "\"")).body();
        List<String> out = new ArrayList<>();
        body.path("Resources").forEach(r -> out.add(r.path("id").asText()));
        return Collections.unmodifiableList(out);
    }
}
