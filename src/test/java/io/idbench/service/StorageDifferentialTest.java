package io.idbench.service;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.config.PasswordHash;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.scim.ResourceValidator;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.search.elastic.SearchEngines;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.support.RandomFilters;
import io.idbench.support.ScimClient;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import io.idbench.support.TestSearchEngines;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The differential test: the same identities (same ids) in both storages, then the same random
 * filters, sorts and pages against every service must give identical pages, identical
 * representations and identical totalResults. Here: the two storages with SQL search; a
 * subclass adds the search engines ({@link SearchDifferentialTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@StartsServers
class StorageDifferentialTest {
    /** One service under comparison: a storage and who answers its searches. */
    record Service(Storage storage, SearchMode search) {
        @Override
        public String toString() {
            return storage + "/" + search;
        }
    }
    private static final String TOKEN = "differential-token-0123456789";
    private static final int IDENTITIES = 300;
    private static final int FILTERS = 300;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<IdentityStore> stores = new ArrayList<>();
    private final List<ScimServer> servers = new ArrayList<>();
    private final List<ScimClient> clients = new ArrayList<>();
    private List<JsonNode> all;

    /** The services compared; the first is the reference. */
    protected List<Service> services() {
        return List.of(new Service(Storage.JSONB, SearchMode.SQL), new Service(Storage.RELATIONAL, SearchMode.SQL));
    }

    @BeforeAll
    void startAllAndSeedTheSameIdentities() {
        TestDatabase.reset();
        // One plain store per storage holds the data; services with an engine index it afterwards.
        Map<Storage, IdentityStore> seeders = new LinkedHashMap<>();
        for (Service s : services()) {
            seeders.computeIfAbsent(s.storage(), st -> {
                IdentityStore store = IdentityStores.open(st, TestDatabase.pool(), Json.mapper());
                stores.add(store);
                return store;
            });
        }
        ResourceValidator users = new ResourceValidator(ScimSchemas.USER_TYPE);
        ResourceValidator groups = new ResourceValidator(ScimSchemas.GROUP_TYPE);
        Random random = new Random(42);
        List<UUID> ids = new ArrayList<>();
        for (int n = 0; n < IDENTITIES; n++) {
            ResourceValidator.Validated user = users.validateRequest(RandomFilters.randomUser(random, n));
            UUID id = UUID.nameUUIDFromBytes(("user." + n).getBytes(StandardCharsets.UTF_8));
            ids.add(id);
            seeders.values().forEach(s -> s.createUser(id, user.body().deepCopy(), "{SSHA256}unused"));
        }
        for (int g = 0; g < 3; g++) {
            ObjectNode group = JSON.createObjectNode();
            group.putArray("schemas").add(ScimSchemas.GROUP_URN);
            group.put("displayName", "diff-" + g);
            var members = group.putArray("members");
            ids.stream().filter(i -> random.nextInt(4) == 0).forEach(i -> members.addObject().put("value", i.toString()));
            ObjectNode body = groups.validateRequest(group).body();
            UUID id = UUID.nameUUIDFromBytes(("group." + g).getBytes(StandardCharsets.UTF_8));
            seeders.values().forEach(s -> s.createGroup(id, body.deepCopy(), 0));
        }
        for (Service s : services()) {
            IdentityStore store = seeders.get(s.storage());
            if (s.search().engine()) {
                IndexedIdentityStore indexed = IndexedIdentityStore.connect(IdentityStores.open(s.storage(),
                        TestDatabase.pool(), Json.mapper()), TestDatabase.pool(),
                        SearchEngines.connect(s.search(),
                                TestSearchEngines.url(s.search()), "diff-" + s.storage(), RefreshPolicy.TRUE, Json.mapper()));
                indexed.rebuild();
                stores.add(indexed);
                store = indexed;
            }
            ScimServer server = ScimServer.start(ScenarioConfig.builder().withStorage(s.storage()).build(), store,
                    new TokenService(TOKEN, "admin", "admin-password", 60, Clock.systemUTC()), PasswordHasher.of(PasswordHash.SSHA256, 4));
            servers.add(server);
            clients.add(new ScimClient(server.baseUrl(), TOKEN));
        }
        all = new ArrayList<>();
        clients.get(0).get("/Users?count=1000").body().path("Resources").forEach(all::add);
        assertThat(all).hasSize(IDENTITIES);
    }

    @AfterAll
    void stop() {
        servers.forEach(ScimServer::close);
        stores.forEach(IdentityStore::close);
    }

    /** A representation without what legitimately differs: meta (timestamps, location) and $ref hosts. */
    private static JsonNode comparable(JsonNode resource) {
        ObjectNode copy = resource.deepCopy();
        copy.remove("meta");
        copy.path("groups").forEach(g -> ((ObjectNode) g).remove("$ref"));
        return copy;
    }

    private static List<JsonNode> resources(Response r) {
        List<JsonNode> out = new ArrayList<>();
        r.body().path("Resources").forEach(x -> out.add(comparable(x)));
        return out;
    }

    @Test
    void everyIdentityReadsTheSameFromEveryService() {
        for (JsonNode user : all) {
            String path = "/Users/" + user.path("id").asText();
            JsonNode reference = comparable(clients.get(0).get(path).body());
            for (int k = 1; k < clients.size(); k++) {
                assertThat(comparable(clients.get(k).get(path).body())).as(services().get(k) + " " + path).isEqualTo(reference);
            }
        }
    }

    @Test
    void randomFiltersSortsAndPagesGiveIdenticalAnswers() {
        RandomFilters filters = new RandomFilters(new Random(7), all, false);
        int nonEmpty = 0;
        for (int i = 0; i < FILTERS; i++) {
            RandomFilters.Sort sort = filters.sort();
            String request = "/Users?filter=" + q(filters.filter()) + (sort == null ? "" : "&sortBy=" + q(sort.path())
                    + "&sortOrder=" + sort.order()) + "&startIndex=" + filters.startIndex() + "&count=" + filters.count();
            Response a = clients.get(0).get(request);
            String context = "#" + i + " " + request;
            assertThat(a.status()).as(context + " " + services().get(0) + " " + a.body().path("detail")).isEqualTo(200);
            for (int k = 1; k < clients.size(); k++) {
                Response b = clients.get(k).get(request);
                String where = context + " on " + services().get(k);
                assertThat(b.status()).as(where + " " + b.body().path("detail")).isEqualTo(200);
                assertThat(b.body().path("totalResults").asLong()).as(where).isEqualTo(a.body().path("totalResults").asLong());
                assertThat(resources(b)).as(where).containsExactlyElementsOf(resources(a));
            }
            nonEmpty += a.body().path("totalResults").asLong() > 0 ? 1 : 0;
        }
        assertThat(nonEmpty).isGreaterThan(FILTERS / 3);
    }
}
