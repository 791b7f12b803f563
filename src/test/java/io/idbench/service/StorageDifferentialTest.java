package io.idbench.service;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.ScenarioConfig;
import io.idbench.scim.ResourceValidator;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.support.RandomFilters;
import io.idbench.support.ScimClient;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The differential test: the same identities (same ids) in both storages, then the same random
 * filters, sorts and pages against both services must give identical pages, identical
 * representations and identical totalResults.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StorageDifferentialTest {
    private static final String TOKEN = "differential-token-0123456789";
    private static final int IDENTITIES = 300;
    private static final int FILTERS = 300;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<IdentityStore> stores = new ArrayList<>();
    private final List<ScimServer> servers = new ArrayList<>();
    private ScimClient jsonb;
    private ScimClient relational;
    private List<JsonNode> all;

    @BeforeAll
    void startBothAndSeedTheSameIdentities() {
        TestDatabase.reset();
        for (String storage : List.of("jsonb", "relational")) {
            IdentityStore store = IdentityStores.open(storage, TestDatabase.pool(), Json.mapper());
            stores.add(store);
            servers.add(ScimServer.start(ScenarioConfig.builder().withStorage(storage).build(), store,
                    new TokenService(TOKEN, "admin", "admin-password", 60, Clock.systemUTC()), PasswordHasher.of("ssha256", 4)));
        }
        jsonb = new ScimClient(servers.get(0).baseUrl(), TOKEN);
        relational = new ScimClient(servers.get(1).baseUrl(), TOKEN);
        ResourceValidator users = new ResourceValidator(ScimSchemas.USER_TYPE);
        ResourceValidator groups = new ResourceValidator(ScimSchemas.GROUP_TYPE);
        Random random = new Random(42);
        List<UUID> ids = new ArrayList<>();
        for (int n = 0; n < IDENTITIES; n++) {
            ResourceValidator.Validated user = users.validateRequest(RandomFilters.randomUser(random, n));
            UUID id = UUID.nameUUIDFromBytes(("user." + n).getBytes(StandardCharsets.UTF_8));
            ids.add(id);
            stores.forEach(s -> s.createUser(id, user.body().deepCopy(), "{SSHA256}unused"));
        }
        for (int g = 0; g < 3; g++) {
            ObjectNode group = JSON.createObjectNode();
            group.putArray("schemas").add(ScimSchemas.GROUP_URN);
            group.put("displayName", "diff-" + g);
            var members = group.putArray("members");
            ids.stream().filter(i -> random.nextInt(4) == 0).forEach(i -> members.addObject().put("value", i.toString()));
            ObjectNode body = groups.validateRequest(group).body();
            UUID id = UUID.nameUUIDFromBytes(("group." + g).getBytes(StandardCharsets.UTF_8));
            stores.forEach(s -> s.createGroup(id, body.deepCopy(), 0));
        }
        all = new ArrayList<>();
        jsonb.get("/Users?count=1000").body().path("Resources").forEach(all::add);
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
    void everyIdentityReadsTheSameFromBothStorages() {
        for (JsonNode user : all) {
            String path = "/Users/" + user.path("id").asText();
            assertThat(comparable(relational.get(path).body())).isEqualTo(comparable(jsonb.get(path).body()));
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
            Response a = jsonb.get(request);
            Response b = relational.get(request);
            String context = "#" + i + " " + request;
            assertThat(a.status()).as(context + " jsonb " + a.body().path("detail")).isEqualTo(200);
            assertThat(b.status()).as(context + " relational " + b.body().path("detail")).isEqualTo(200);
            assertThat(b.body().path("totalResults").asLong()).as(context).isEqualTo(a.body().path("totalResults").asLong());
            assertThat(resources(b)).as(context).containsExactlyElementsOf(resources(a));
            nonEmpty += a.body().path("totalResults").asLong() > 0 ? 1 : 0;
        }
        assertThat(nonEmpty).isGreaterThan(FILTERS / 3);
    }
}
