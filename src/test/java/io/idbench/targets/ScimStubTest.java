package io.idbench.targets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The stub answers plan 1's six requests so that each of the plan's checks passes, and anything else as SCIM errors. */
class ScimStubTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static ScimStub stub;

    @BeforeAll
    static void start() throws Exception {
        stub = ScimStub.start(0, 2, false);
    }

    @AfterAll
    static void stop() {
        stub.close();
    }

    private static HttpResponse<String> send(String method, String path, String body, boolean authorized) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(stub.baseUrl() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/scim+json");
        if (authorized) {
            request.header("Authorization", "Bearer any");
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return Json.mapper().readTree(response.body());
    }

    private static String filter(String filter) {
        return "?filter=" + URLEncoder.encode(filter, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Test
    void answersPlanOnesIterationSoThatEveryCheckPasses() throws Exception {
        HttpResponse<String> created = send("POST", "/Users", "{\"schemas\":[\"urn:ietf:params:scim:schemas:core:2.0:User\"],"
                + "\"userName\":\"n.run.a1.measure.3.17\",\"password\":\"password-1\"}", true);
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(json(created).path("userName").asText()).isEqualTo("n.run.a1.measure.3.17");
        assertThat(json(created).has("password")).as("never returned (RFC 7643 7: returned never)").isFalse();
        String newId = json(created).path("id").asText();
        assertThat(created.headers().firstValue("Server-Timing"))
                .hasValueSatisfying(t -> assertThat(t).matches("app;dur=[0-9.]+, cpu;dur=[0-9.]+"));

        JsonNode found = json(
                send("GET", "/Users" + filter("name.givenName eq \"fn_hot.run.a1.4.9\" or name.familyName eq \"sn_hot.run.a1.4.9\"")
                        + "&sortBy=name.familyName&count=25", null, true));
        assertThat(found.path("Resources").get(0).path("userName").asText()).isEqualTo("hot.run.a1.4.9");
        String foundId = found.path("Resources").get(0).path("id").asText();

        assertThat(json(send("GET", "/Users/" + foundId, null, true)).path("userName").asText()).isEqualTo("hot.run.a1.4.9");
        HttpResponse<String> patched = send("PATCH", "/Users/" + foundId,
                "{\"schemas\":[\"urn:ietf:params:scim:api:messages:2.0:PatchOp\"],"
                        + "\"Operations\":[{\"op\":\"replace\",\"path\":\"emails[type eq \\\"work\\\"].value\",\"value\":\"x.mail@example.org\"}]}",
                true);
        assertThat(patched.statusCode()).isEqualTo(200);
        assertThat(json(patched).path("emails").get(0).path("type").asText()).isEqualTo("work");
        assertThat(json(patched).path("emails").get(0).path("value").asText()).isEqualTo("x.mail@example.org");

        JsonNode byName = json(send("GET", "/Users" + filter("userName eq \"n.run.a1.measure.3.17\""), null, true));
        assertThat(byName.path("totalResults").asInt()).isEqualTo(1);
        assertThat(byName.path("Resources").get(0).path("id").asText()).isEqualTo(newId);
        assertThat(send("DELETE", "/Users/" + newId, null, true).statusCode()).isEqualTo(204);
    }

    @Test
    void answersAFilterThatNamesNoIdentityWithAnEmptyList() throws Exception {
        JsonNode none = json(send("GET", "/Users" + filter("title pr"), null, true));
        assertThat(none.path("totalResults").asInt()).isZero();
        assertThat(none.path("Resources").size()).isZero();
    }

    @Test
    void refusesWhatPlanOneNeverSendsWithScimErrors() throws Exception {
        HttpResponse<String> anonymous = send("GET", "/Users/x", null, false);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(json(anonymous).path("detail").asText()).isEqualTo("a bearer token is required");
        assertThat(json(send("POST", "/Users", "{not json", true)).path("status").asText()).isEqualTo("400");
        assertThat(json(send("POST", "/Users", "{\"name\":{}}", true)).path("detail").asText()).isEqualTo("userName is required");
        assertThat(json(send("GET", "/Groups", null, true)).path("detail").asText()).isEqualTo("no such endpoint: /scim/v2/Groups");
        assertThat(send("POST", "/Users/x", "{}", true).statusCode()).isEqualTo(405);
    }

    @Test
    void answersAPatchWithoutItsBodyWhenAsked() throws Exception {
        try (ScimStub bodiless = ScimStub.start(0, 1, true)) {
            HttpResponse<String> patched = HTTP.send(HttpRequest.newBuilder(URI.create(bodiless.baseUrl() + "/Users/x"))
                    .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"Operations\":[]}")).header("Authorization", "Bearer any")
                    .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(patched.statusCode()).isEqualTo(204);
            assertThat(patched.body()).isEmpty();
        }
    }

    @Test
    void saysItsJitTimeForThePlansSteadyStateDetector() throws Exception {
        HttpResponse<String> jit = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + stub.port() + "/idbench/telemetry/jit")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(json(jit).path("compilationMillis").asLong()).isPositive();
    }
}
