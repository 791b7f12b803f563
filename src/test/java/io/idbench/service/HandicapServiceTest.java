package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.common.ServerTiming;
import io.idbench.config.Handicap;
import io.idbench.config.PasswordHash;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.support.ScimClient;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import io.javalin.http.HandlerType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A calibration handicap on the real service: the handicapped operation costs what it says, the others nothing. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@StartsServers
class HandicapServiceTest {
    private HikariDataSource ds;
    private IdentityStore store;
    private ScimServer server;
    private ScimClient scim;

    @BeforeAll
    void start() {
        ds = TestDatabase.fresh("handicap_test", 4);
        store = IdentityStores.open(Storage.JSONB, ds, Json.mapper());
        TokenService tokens = new TokenService(ServiceTestBase.TOKEN, "admin", ServiceTestBase.ADMIN_PASSWORD, 60, Clock.systemUTC());
        server = ScimServer.start(ScenarioConfig.builder().withHandicap(Handicap.parse("read:200ms,update:200ms:wait")).build(), store,
                tokens,
                PasswordHasher.of(PasswordHash.SSHA256, 4));
        scim = new ScimClient(server.baseUrl(), ServiceTestBase.TOKEN);
    }

    @AfterAll
    void stop() {
        server.close();
        store.close();
        ds.close();
    }

    private static double[] timing(HttpResponse<String> r) {
        String header = r.headers().firstValue(ServerTiming.HEADER).orElseThrow();
        Matcher m = Pattern.compile("app;dur=([0-9.]+), cpu;dur=([0-9.]+)").matcher(header);
        assertThat(m.matches()).as(header).isTrue();
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                .header("Authorization", "Bearer " + ServiceTestBase.TOKEN).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aReadPaysTheHandicapAndAListDoesNot() throws Exception {
        JsonNode created = scim.post("/Users", ServiceTestBase.profileUser("handicap.1", 990_001)).body();
        HttpResponse<String> read = get("/Users/" + created.path("id").asText());
        assertThat(read.statusCode()).isEqualTo(200);
        double[] readTiming = timing(read);
        assertThat(readTiming[0]).as("the service's own time: at least the 200 ms burnt").isGreaterThanOrEqualTo(200.0);
        assertThat(readTiming[1]).as("thread CPU, never more than the wall time").isLessThanOrEqualTo(readTiming[0] + 1);
        HttpResponse<String> list = get("/Users?count=1");
        assertThat(list.statusCode()).isEqualTo(200);
        // That a list is not handicapped is the operation it is classed as, not its time (a slow machine may take 200 ms).
        RequestTiming t = new RequestTiming(Handicap.parse("read:200ms"), ScimServer.BASE_PATH);
        assertThat(Handicap.parse("read:200ms").costOf(t.operation(HandlerType.GET, "/scim/v2/Users"))).as("a search's cost").isNull();
    }

    @Test
    void anUpdateThatWaitsTakesTheTimeButNoCpu() throws Exception {
        JsonNode created = scim.post("/Users", ServiceTestBase.profileUser("handicap.2", 990_002)).body();
        HttpResponse<String> patched = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/Users/"
                + created.path("id").asText())).header("Authorization", "Bearer " + ServiceTestBase.TOKEN)
                .header("Content-Type", "application/scim+json").method("PATCH", HttpRequest.BodyPublishers.ofString("""
                        {"schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
                         "Operations": [{"op": "replace", "path": "title", "value": "Waiter"}]}""")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
        double[] t = timing(patched);
        assertThat(t[0]).as("the service's own time: at least the 200 ms waited").isGreaterThanOrEqualTo(200.0);
        assertThat(t[1]).as("thread CPU: the wait burns none").isLessThan(100.0);
    }

    @Test
    void requestsAreToldApartByMethodAndPath() {
        RequestTiming t = new RequestTiming(Handicap.NONE, ScimServer.BASE_PATH);
        assertThat(t.operation(HandlerType.POST, "/scim/v2/Users")).isEqualTo(Handicap.Operation.CREATE);
        assertThat(t.operation(HandlerType.POST, "/scim/v2/Groups/.search")).isEqualTo(Handicap.Operation.SEARCH);
        assertThat(t.operation(HandlerType.GET, "/scim/v2/Users")).isEqualTo(Handicap.Operation.SEARCH);
        assertThat(t.operation(HandlerType.GET, "/scim/v2/Users/abc")).isEqualTo(Handicap.Operation.READ);
        assertThat(t.operation(HandlerType.PATCH, "/scim/v2/Users/abc")).isEqualTo(Handicap.Operation.UPDATE);
        assertThat(t.operation(HandlerType.PUT, "/scim/v2/Groups/abc")).isEqualTo(Handicap.Operation.REPLACE);
        assertThat(t.operation(HandlerType.DELETE, "/scim/v2/Users/abc")).isEqualTo(Handicap.Operation.DELETE);
        assertThat(t.operation(HandlerType.GET, "/scim/v2/ServiceProviderConfig")).isNull();
        assertThat(t.operation(HandlerType.POST, "/oauth/token")).isNull();
    }
}
