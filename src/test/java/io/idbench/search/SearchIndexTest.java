package io.idbench.search;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.service.Endpoints;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import io.idbench.support.TestSearchEngines;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.http.HttpHost;
import org.assertj.core.api.Assertions;
import org.elasticsearch.client.Request;
import org.elasticsearch.client.RestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The index against the database: after concurrent random writes (users and group memberships)
 * they agree on every user; a disagreement of each kind is detected; a failed index write is
 * recorded, searches stay correct meanwhile, and the repair makes both agree again.
 */
@StartsServers
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#engines")
public class SearchIndexTest extends PerBackendServiceTest {
    private static final int WRITERS = 4;
    private static final int WRITES_PER_WRITER = 60;

    private IndexedIdentityStore indexed() {
        return (IndexedIdentityStore) store;
    }

    private IndexConsistency.Report check() {
        return IndexConsistency.check(store, indexed().index());
    }

    @BeforeEach
    void clean() {
        TestDatabase.deleteUsers();
        deleteGroups("si-");
        indexed().rebuild();
    }

    @Test
    void concurrentRandomWritesLeaveDatabaseAndIndexInAgreement() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<Integer>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(pool.submit(() -> randomWrites(new Random(1000 + writer), writer)));
        }
        int writes = 0;
        for (Future<Integer> f : writers) {
            writes += f.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();

        IndexConsistency.Report report = check();
        assertThat(report.consistent()).as(report.toJson(JSON).toString()).isTrue();
        assertThat(report.databaseUsers()).isEqualTo(TestDatabase.userCount(storage())).isPositive();
        assertThat(report.databaseChecksum()).isEqualTo(report.indexChecksum());
        assertThat(writes).isEqualTo(WRITERS * WRITES_PER_WRITER);
        assertThat(indexed().isStale()).isFalse();
    }

    /** Creates, patches (moving users between userTypes), replaces, deletes, and group membership changes. */
    private int randomWrites(Random random, int writer) {
        List<String> mine = new ArrayList<>();
        String group = scim.post("/Groups", groupBody("si-" + writer, List.of())).id();
        int n = 0;
        for (int i = 0; i < WRITES_PER_WRITER; i++, n++) {
            int op = mine.isEmpty() ? 0 : random.nextInt(6);
            long serial = writer * 1_000_000L + i;
            switch (op) {
                case 0, 1 -> mine.add(createUser("si-" + writer + "-" + i, serial).id());
                case 2 -> assertThat(scim.patch("/Users/" + pick(random, mine), patchOp("replace", "userType",
                        "Type " + (char) ('A' + random.nextInt(10))), null).status()).isEqualTo(200);
                case 3 -> {
                    String id = pick(random, mine);
                    ObjectNode body = profileUser("si-" + writer + "-r" + i, serial);
                    assertThat(scim.put("/Users/" + id, body, null).status()).isEqualTo(200);
                }
                case 4 -> {
                    String id = mine.remove(random.nextInt(mine.size()));
                    assertThat(scim.delete("/Users/" + id, null).status()).isEqualTo(204);
                }
                default -> {
                    List<String> members = mine.stream().filter(x -> random.nextBoolean()).limit(MAX_GROUP_MEMBERS).toList();
                    Response r = scim.put("/Groups/" + group + "?excludedAttributes=members",
                            groupBody("si-" + writer + (random.nextBoolean() ? "" : "-renamed"), members), null);
                    assertThat(r.status()).as(r.toString()).isEqualTo(200);
                }
            }
        }
        return n;
    }

    private static String pick(Random random, List<String> ids) {
        return ids.get(random.nextInt(ids.size()));
    }

    private static ObjectNode groupBody(String name, List<String> members) {
        ObjectNode g = JSON.createObjectNode();
        g.putArray("schemas").add(GROUP_URN);
        g.put("displayName", name);
        var array = g.putArray("members");
        members.forEach(m -> array.addObject().put("value", m));
        return g;
    }

    @Test
    void everyKindOfDisagreementIsDetected() {
        String missing = createUser("si-missing", 1).id();
        String different = createUser("si-different", 2).id();
        createUser("si-same", 3);
        assertThat(check().consistent()).isTrue();

        indexed().index().remove(List.of(UUID.fromString(missing)));
        // A write that bypasses the index: the plain storage on the same database.
        try (IdentityStore plain = IdentityStores.open(storage(), TestDatabase.pool(), Json.mapper())) {
            plain.modifyUser(UUID.fromString(different), null, current -> {
                current.put("userType", "Type Z");
                return new IdentityStore.Modified(current, null);
            });
            plain.createUser(profileUser("si-extra", 4), "hash");
        }
        IndexConsistency.Report report = check();
        assertThat(report.consistent()).isFalse();
        assertThat(report.missing()).isEqualTo(2); // removed + created behind the index's back
        assertThat(report.different()).isEqualTo(1);
        assertThat(report.extra()).isZero();
        assertThat(report.databaseChecksum()).isNotEqualTo(report.indexChecksum());
        assertThat(report.examples()).contains("missing from index: " + missing, "different: " + different);

        assertThat(indexed().rebuild()).isEqualTo(4);
        assertThat(check().consistent()).isTrue();
    }

    @Test
    void aFailedIndexWriteIsRecordedSearchesStayCorrectAndTheRepairCatchesUp() throws IOException {
        String kept = createUser("si-before", 10).id();
        String index = indexName();
        try (RestClient engine = RestClient.builder(HttpHost.create(TestSearchEngines.url(search()))).build()) {
            // A closed index refuses every read and write: the engine is up, the index unusable.
            engine.performRequest(new Request("POST", "/" + index + "/_close"));
            try {
                Response created = createUser("si-during", 11);
                assertThat(created.status()).isEqualTo(201);
                assertThat(scim.patch("/Users/" + kept, patchOp("replace", "userType", "Type J"), null).status()).isEqualTo(200);
                assertThat(indexed().isStale()).isTrue();
                ObjectNode status = indexed().status(JSON.createObjectNode());
                assertThat(status.path("backlog").asLong()).isEqualTo(2);

                // Searches are answered by the database while the index is stale: the new user is found.
                long fallbacks = status.path("searchFallbacks").asLong();
                Response found = scim.get("/Users?filter=" + q("userName sw \"si-\" and userType eq \"Type J\""));
                assertThat(found.body().path("totalResults").asLong()).isEqualTo(1);
                assertThat(found.body().path("Resources").get(0).path("id").asText()).isEqualTo(kept);
                assertThat(indexed().status(JSON.createObjectNode()).path("searchFallbacks").asLong()).isEqualTo(fallbacks + 1);

                // While the engine is down, the repair fails and keeps the record.
                Assertions.assertThatThrownBy(() -> indexed().repair())
                        .isInstanceOf(SearchIndexException.class);
                assertThat(indexed().isStale()).isTrue();
            } finally {
                engine.performRequest(new Request("POST", "/" + index + "/_open"));
                engine.performRequest(new Request("GET", "/_cluster/health/" + index + "?wait_for_status=yellow&timeout=30s"));
            }
            indexed().repair();
            assertThat(indexed().isStale()).isFalse();
            assertThat(indexed().status(JSON.createObjectNode()).path("backlog").asLong()).isZero();
            IndexConsistency.Report report = check();
            assertThat(report.consistent()).as(report.toJson(JSON).toString()).isTrue();
            assertThat(report.databaseUsers()).isEqualTo(2);
        }
    }

    @Test
    void aRebuildThatFailsLeavesTheIndexStaleUntilOneSucceeds() throws IOException {
        createUser("si-one", 30);
        createUser("si-two", 31);
        try (RestClient engine = RestClient.builder(HttpHost.create(TestSearchEngines.url(search()))).build()) {
            // A read-only cluster refuses writes and dropping or creating an index, as an engine that is away would.
            readOnly(engine, true);
            try {
                createUser("si-during", 32);
                Assertions.assertThatThrownBy(() -> indexed().rebuild()).isInstanceOf(SearchIndexException.class);
                Response overHttp = new ScimClient(Endpoints.root(server.baseUrl()), TOKEN).post(Endpoints.SEARCH_INDEX + "/rebuild", "");
                assertThat(overHttp.status()).as(overHttp.toString()).isEqualTo(503);
                assertThat(overHttp.body().path("detail").asText()).startsWith("The search engine is unavailable: ");
                ObjectNode status = indexed().status(JSON.createObjectNode());
                assertThat(status.path("stale").asBoolean()).isTrue();
                assertThat(status.path("rebuildPending").asBoolean()).isTrue();
                assertThat(scim.get("/Users?count=0&filter=" + q("userName sw \"si-\"")).body().path("totalResults").asLong())
                        .isEqualTo(3);
                Assertions.assertThatThrownBy(() -> indexed().repair()).isInstanceOf(SearchIndexException.class);
                assertThat(indexed().isStale()).isTrue();
            } finally {
                readOnly(engine, false);
            }
            indexed().repair(); // the pending rebuild runs now
            ObjectNode status = indexed().status(JSON.createObjectNode());
            assertThat(status.path("stale").asBoolean()).as(status.toString()).isFalse();
            assertThat(status.path("rebuildPending").asBoolean()).isFalse();
            assertThat(status.path("backlog").asLong()).isZero();
            IndexConsistency.Report report = check();
            assertThat(report.consistent()).as(report.toJson(JSON).toString()).isTrue();
            assertThat(report.databaseUsers()).isEqualTo(3);
        }
    }

    private static void readOnly(RestClient engine, boolean on) throws IOException {
        Request settings = new Request("PUT", "/_cluster/settings");
        settings.setJsonEntity("{\"persistent\":{\"cluster.blocks.read_only\":" + (on ? "true" : "null") + "}}");
        engine.performRequest(settings);
    }

    @Test
    void renamingAGroupReindexesItsMembers() {
        String a = createUser("si-member-a", 20).id();
        String b = createUser("si-member-b", 21).id();
        String group = scim.post("/Groups", groupBody("si-before-rename", List.of(a, b))).id();
        assertThat(scim.get("/Users?count=0&filter=" + q("groups.display eq \"si-before-rename\"")).body()
                .path("totalResults").asLong()).isEqualTo(2);
        assertThat(scim.patch("/Groups/" + group, patchOp("replace", "displayName", "si-after-rename"), null).status())
                .isEqualTo(200);
        assertThat(scim.get("/Users?count=0&filter=" + q("groups.display eq \"si-after-rename\"")).body()
                .path("totalResults").asLong()).isEqualTo(2);
        assertThat(scim.delete("/Groups/" + group, null).status()).isEqualTo(204);
        assertThat(scim.get("/Users?count=0&filter=" + q("groups.value eq \"" + group + "\"")).body()
                .path("totalResults").asLong()).isZero();
        assertThat(check().consistent()).isTrue();
    }
}
