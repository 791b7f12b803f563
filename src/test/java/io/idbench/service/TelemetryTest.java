package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.common.ServerTiming;
import io.idbench.config.PasswordHash;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.provision.PoolWaits;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.support.ScimClient;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import io.idbench.telemetry.ServerTelemetry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What a run records from the server side, on the real service and PostgreSQL: the Server-Timing
 * of every response, and /idbench/telemetry (sizes, top statements, pool waits) with its reset.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@StartsServers
class TelemetryTest {
    private HikariDataSource ds;
    private IdentityStore store;
    private ScimServer server;
    private ScimClient scim;
    private String root;

    @BeforeAll
    void start() throws Exception {
        PoolWaits waits = new PoolWaits();
        ds = TestDatabase.fresh("telemetry_test", 4, waits);
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
            c.commit();
        }
        store = IdentityStores.open(Storage.JSONB, ds, Json.mapper());
        TokenService tokens = new TokenService(ServiceTestBase.TOKEN, "admin", ServiceTestBase.ADMIN_PASSWORD, 60, Clock.systemUTC());
        server = ScimServer.start(ScenarioConfig.builder().build(), store, tokens, PasswordHasher.of(PasswordHash.SSHA256, 4),
                new ServerTelemetry(ds, true, waits, null));
        scim = new ScimClient(server.baseUrl(), ServiceTestBase.TOKEN);
        root = server.baseUrl().substring(0, server.baseUrl().length() - ScimServer.BASE_PATH.length());
    }

    @AfterAll
    void stop() {
        server.close();
        store.close();
        ds.close();
    }

    private HttpResponse<String> call(String method, String path, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(root + path)).method(method, HttpRequest.BodyPublishers.noBody());
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void everyResponseCarriesTheServicesOwnTimeInMicroseconds() throws Exception {
        HttpResponse<String> ok = call("GET", ScimServer.BASE_PATH + "/ServiceProviderConfig", ServiceTestBase.TOKEN);
        HttpResponse<String> denied = call("GET", ScimServer.BASE_PATH + "/Users", null);
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(denied.statusCode()).isEqualTo(401);
        for (HttpResponse<String> r : List.of(ok, denied)) {
            assertThat(r.headers().firstValue(ServerTiming.HEADER)).get().asString()
                    .matches("app;dur=\\d+\\.\\d{3}, cpu;dur=\\d+\\.\\d{3}");
        }
    }

    @Test
    void telemetryShowsTheRunsStatementsSizesAndPoolWaitsAndResets() throws Exception {
        assertThat(call("GET", "/idbench/telemetry", null).statusCode()).isEqualTo(401);
        assertThat(call("POST", "/idbench/telemetry/reset", ServiceTestBase.TOKEN).statusCode()).isEqualTo(204);
        for (int i = 0; i < 3; i++) {
            assertThat(scim.post("/Users", ServiceTestBase.profileUser("telemetry." + i, 900_000 + i)).status()).isEqualTo(201);
        }
        JsonNode t = Json.mapper().readTree(call("GET", "/idbench/telemetry", ServiceTestBase.TOKEN).body());
        assertThat(t.path("database").path("sizeBytes").asLong()).isPositive();
        assertThat(t.path("database").path("version").asText()).startsWith("17.");
        assertThat(StreamSupport.stream(t.path("database").path("largestTables").spliterator(), false).map(n -> n.path("table").asText()))
                .contains("scim_user");
        JsonNode insert = StreamSupport.stream(t.path("topStatements").spliterator(), false)
                .filter(n -> n.path("query").asText().startsWith("insert into scim_user")).findFirst().orElseThrow();
        assertThat(insert.path("calls").asLong()).isEqualTo(3);
        assertThat(insert.path("meanMs").asDouble()).isPositive();
        assertThat(t.path("connectionPool").path("acquisitions").asLong()).isGreaterThanOrEqualTo(3);
        assertThat(t.path("connectionPool").path("total").asInt()).as("connections open now (the pool fills in the background)")
                .isBetween(1, 4);

        assertThat(call("POST", "/idbench/telemetry/reset", ServiceTestBase.TOKEN).statusCode()).isEqualTo(204);
        JsonNode after = Json.mapper().readTree(call("GET", "/idbench/telemetry", ServiceTestBase.TOKEN).body());
        assertThat(StreamSupport.stream(after.path("topStatements").spliterator(), false)
                .filter(n -> n.path("query").asText().startsWith("insert into scim_user"))).isEmpty();
    }
}
