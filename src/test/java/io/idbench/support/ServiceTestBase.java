package io.idbench.support;

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
import io.idbench.search.IndexedIdentityStore;
import io.idbench.search.elastic.IndexLayout;
import io.idbench.search.elastic.SearchEngines;
import io.idbench.service.PasswordHasher;
import io.idbench.service.ScimServer;
import io.idbench.service.TokenService;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import java.io.IOException;
import java.time.Clock;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The service over HTTP on real embedded PostgreSQL, for one storage ({@link #storage()}). A behaviour proven on every
 * storage extends {@link PerBackendServiceTest} instead, once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@StartsServers
public abstract class ServiceTestBase {
    public static final String TOKEN = "test-token-0123456789abcdef";
    public static final String ADMIN_PASSWORD = "admin-password-42";
    public static final String USER_URN = "urn:ietf:params:scim:schemas:core:2.0:User";
    public static final String GROUP_URN = "urn:ietf:params:scim:schemas:core:2.0:Group";
    public static final String PROFILE_URN = "urn:idbench:params:scim:schemas:extension:profile:2.0:User";
    public static final String ENTERPRISE_URN = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
    public static final String PATCH_URN = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
    protected static final ObjectMapper JSON = new ObjectMapper();
    /** Small, so the tooMany path is testable with a handful of members. */
    public static final int MAX_GROUP_MEMBERS = 5;

    protected IdentityStore store;
    protected ScimServer server;
    protected ScimClient scim;

    /** The storage under test. */
    protected abstract Storage storage();

    /** Who answers searches (sql by default). */
    protected SearchMode search() {
        return SearchMode.SQL;
    }

    /** The engine's URL (or a cluster's node URLs): the test JVM's shared engine unless a class brings its own. */
    protected String searchUrl() {
        return TestSearchEngines.url(search());
    }

    /** This class's own index on the engine. */
    protected String indexName() {
        return ("test-" + getClass().getSimpleName() + "-" + storage().id() + "-" + search().id()).toLowerCase(Locale.ROOT);
    }

    /** The index's shards and replicas: one of each on the shared single-node engine. */
    protected IndexLayout searchLayout() {
        return IndexLayout.SINGLE_NODE;
    }

    /** The largest page the service returns (--max-results). */
    protected int maxResults() {
        return ScenarioConfig.DEFAULT_MAX_RESULTS;
    }

    @BeforeAll
    void startService() {
        TestDatabase.reset();
        store = IdentityStores.open(storage(), TestDatabase.pool(), Json.mapper());
        if (search().engine()) {
            // Every write refreshes: a test searching right after a write must see it.
            String index = indexName();
            store = IndexedIdentityStore.connect(store, TestDatabase.pool(), SearchEngines.connect(search(), searchUrl(), index,
                    RefreshPolicy.TRUE, searchLayout(), Json.mapper()), n -> {}, null);
            ((IndexedIdentityStore) store).rebuild();
        }
        ScenarioConfig config = ScenarioConfig.builder().withStorage(storage()).withMaxGroupMembers(MAX_GROUP_MEMBERS)
                .withMaxResults(maxResults()).build();
        TokenService tokens = new TokenService(TOKEN, "admin", ADMIN_PASSWORD, 60, Clock.systemUTC());
        server = ScimServer.start(config, store, tokens, PasswordHasher.of(PasswordHash.SSHA256, 4));
        scim = new ScimClient(server.baseUrl(), TOKEN);
    }

    @AfterAll
    void stopService() {
        server.close();
        store.close();
    }

    /** The table holding one row per user in the storage under test. */
    protected String userTable() {
        return storage().userTable();
    }

    /** totalResults of all users, through the API. */
    protected long totalUsers() {
        return scim.get("/Users?count=0").body().path("totalResults").asLong();
    }

    /** Deletes, through the API, the groups whose displayName starts with {@code prefix}. */
    protected void deleteGroups(String prefix) {
        scim.get("/Groups?attributes=id&filter=" + ScimClient.q("displayName sw \"" + prefix + "\""))
                .body().path("Resources").forEach(g -> scim.delete("/Groups/" + g.path("id").asText(), null));
    }

    /** A user of the docs/workload.md profile, identified by n (unique values derive from n). */
    public static ObjectNode profileUser(String userName, long n) {
        ObjectNode u = JSON.createObjectNode();
        u.putArray("schemas").add(USER_URN).add(PROFILE_URN).add(ENTERPRISE_URN);
        u.put("userName", userName);
        u.put("password", "password-" + n);
        u.putObject("name").put("givenName", "fn_" + userName).put("familyName", "sn_" + userName);
        u.putArray("emails").addObject().put("value", userName + "@example.org").put("type", "work").put("primary", true);
        u.putArray("phoneNumbers").addObject().put("value", "+1 555 " + n).put("type", "mobile");
        u.put("userType", "Type " + (char) ('A' + n % 10));
        u.putObject(PROFILE_URN).put("ssn", 100_000_000L + n).put("badge", 200_000_000L + n).put("gender", "other")
                .put("birthday", "1980-01-01T00:00:00Z");
        u.putObject(ENTERPRISE_URN).put("employeeNumber", "E" + n);
        return u;
    }

    protected ScimClient.Response createUser(String userName, long n) {
        ScimClient.Response r = scim.post("/Users", profileUser(userName, n));
        if (r.status() != 201) {
            throw new AssertionError("create " + userName + " failed: " + r);
        }
        return r;
    }

    protected static ObjectNode patchOp(String op, String path, Object value) {
        ObjectNode body = JSON.createObjectNode();
        body.putArray("schemas").add(PATCH_URN);
        ObjectNode o = body.putArray("Operations").addObject();
        o.put("op", op);
        if (path != null) {
            o.put("path", path);
        }
        if (value != null) {
            o.set("value", value instanceof JsonNode n ? n : JSON.valueToTree(value));
        }
        return body;
    }

    /** {@code r} is SCIM error JSON (RFC 7644 section 3.12) with this status, scimType (null: none) and detail. */
    protected static void assertScimError(ScimClient.Response r, int status, String scimType, String detailFragment) {
        assertThat(r.status()).as(r.toString()).isEqualTo(status);
        assertThat(r.header("Content-Type")).startsWith("application/scim+json");
        assertThat(r.body().path("schemas").get(0).asText()).isEqualTo("urn:ietf:params:scim:api:messages:2.0:Error");
        assertThat(r.body().path("status").asText()).isEqualTo(String.valueOf(status));
        if (scimType == null) {
            assertThat(r.body().has("scimType")).isFalse();
        } else {
            assertThat(r.body().path("scimType").asText()).isEqualTo(scimType);
        }
        assertThat(r.body().path("detail").asText()).contains(detailFragment);
    }

    protected static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
