package io.idbench.service;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.RequestLimits;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.TestDatabase;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Input a hostile or careless client sends: never a 500, always SCIM error JSON naming the
 * problem, and nothing changed. Each case was a 500, an HTML page or a stored value before the
 * limits of {@link RequestLimits}. Runs once per storage (see the subclasses).
 */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class HostileInputTest extends PerBackendServiceTest {
    private String aliceId;
    private String alice;

    @BeforeEach
    void seed() {
        TestDatabase.deleteUsers();
        aliceId = createUser("alice", 1).id();
        alice = scim.get("/Users/" + aliceId).body().toString();
    }

    private void assertRefused(Response r, int status, String scimType, String detailFragment) {
        assertScimError(r, status, scimType, detailFragment);
        assertThat(scim.get("/Users/" + aliceId).body().toString()).isEqualTo(alice);
        assertThat(totalUsers()).isEqualTo(1);
    }

    private static ObjectNode user(String userName) {
        ObjectNode u = JSON.createObjectNode();
        u.putArray("schemas").add(USER_URN).add(ENTERPRISE_URN);
        u.put("userName", userName);
        return u;
    }

    /** Letters PostgreSQL cannot compress into an index entry. */
    private static String random(int length) {
        Random r = new Random(length);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.append((char) ('a' + r.nextInt(26)));
        }
        return s.toString();
    }

    // ---- values PostgreSQL cannot store ------------------------------------------------

    @Test
    void aNulCharacterInAnyStringIsRefusedNamingTheAttribute() {
        assertRefused(scim.post("/Users", user("nul\u0000name")), 400, "invalidValue",
                "'userName' contains the character U+0000");
        ObjectNode withTitle = user("bob");
        withTitle.put("title", "a\u0000b");
        assertRefused(scim.post("/Users", withTitle), 400, "invalidValue", "'title' contains the character U+0000");
        ObjectNode withEmail = user("bob");
        withEmail.putArray("emails").addObject().put("value", "b\u0000@example.org");
        assertRefused(scim.post("/Users", withEmail), 400, "invalidValue", "'emails.value' contains");
        assertRefused(scim.patch("/Users/" + aliceId, patchOp("replace", "displayName", "x\u0000"), null), 400,
                "invalidValue", "'displayName' contains");
        ObjectNode group = JSON.createObjectNode();
        group.putArray("schemas").add(GROUP_URN);
        group.put("displayName", "g\u0000");
        assertRefused(scim.post("/Groups", group), 400, "invalidValue", "'displayName' contains");
    }

    @Test
    void anUnpairedSurrogateIsRefusedInsteadOfStoredAsAQuestionMark() {
        // Escaped in the JSON text: a Java string would reach the wire as '?'.
        String escaped = "{\"schemas\":[\"" + USER_URN + "\"],\"userName\":\"sur\\ud800x\"}";
        assertRefused(scim.post("/Users", escaped), 400, "invalidValue",
                "'userName' contains an unpaired surrogate \\uD800 at position 3, which is not a Unicode character");
        assertRefused(scim.get("/Users?filter=" + q("userName eq \"a\\udfff\"")), 400, "invalidFilter",
                "contains an unpaired surrogate \\uDFFF");
    }

    @Test
    void aBodyThatIsNotUtf8IsInvalidSyntax() {
        byte[] body = ("{\"schemas\":[\"" + USER_URN + "\"],\"userName\":\"bad\"}").getBytes(StandardCharsets.UTF_8);
        body[body.length - 4] = (byte) 0xff; // inside the userName
        assertRefused(scim.send("POST", "/Users", BodyPublishers.ofByteArray(body)), 400, "invalidSyntax",
                "Invalid UTF-8 start byte 0xff");
    }

    @Test
    void aNulCharacterInAFilterValueIsAnInvalidFilter() {
        assertRefused(scim.get("/Users?filter=" + q("userName eq \"a\\u0000b\"")), 400, "invalidFilter",
                "contains the character U+0000");
    }

    @Test
    void stringsLongerThanTheLimitAreRefusedInEveryIndexedPlace() {
        String tooLong = random(3_000);
        assertRefused(scim.post("/Users", user(tooLong)), 400, "invalidValue",
                "'userName' is 3000 bytes long in UTF-8; at most 1024 are allowed");
        ObjectNode withTitle = user("bob");
        withTitle.put("title", tooLong);
        assertRefused(scim.post("/Users", withTitle), 400, "invalidValue", "'title' is 3000 bytes");
        ObjectNode withNumber = user("bob");
        withNumber.putObject(ENTERPRISE_URN).put("employeeNumber", tooLong);
        assertRefused(scim.post("/Users", withNumber), 400, "invalidValue", "'employeeNumber' is 3000 bytes");
    }

    @Test
    void theLimitCountsUtf8BytesAndItsLastByteIsStored() {
        String atTheLimit = "\u20ac".repeat(341) + "x"; // 1,023 + 1 bytes
        ObjectNode ok = user("euro");
        ok.put("title", atTheLimit);
        Response created = scim.post("/Users", ok);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        assertThat(scim.get("/Users/" + created.id()).body().path("title").asText()).isEqualTo(atTheLimit);
        scim.delete("/Users/" + created.id(), null);
        ObjectNode over = user("euro");
        over.put("title", "\u20ac".repeat(342));
        assertRefused(scim.post("/Users", over), 400, "invalidValue", "'title' is 1026 bytes long");
    }

    // ---- filters and paths that cost unbounded work ------------------------------------

    @Test
    void deeplyNestedFiltersAreRefusedBeforeTheParserRecurses() {
        String deep = "not(".repeat(500) + "userName eq \"alice\"" + ")".repeat(500);
        ObjectNode search = JSON.createObjectNode();
        search.putArray("schemas").add("urn:ietf:params:scim:api:messages:2.0:SearchRequest");
        search.put("filter", deep);
        assertRefused(scim.post("/Users/.search", search), 400, "invalidFilter", "nests parentheses and brackets more than 16");
        String nested = "emails[" + "not(".repeat(20) + "type eq \"work\"" + ")".repeat(20) + "].value";
        assertRefused(scim.patch("/Users/" + aliceId, patchOp("replace", nested, "x@example.org"), null), 400,
                "invalidPath", "more than 16 deep");
        String justUnder = "not(".repeat(15) + "userName eq \"alice\"" + ")".repeat(15);
        assertThat(scim.get("/Users?filter=" + q(justUnder)).status()).isEqualTo(200);
    }

    @Test
    void aFilterWithTooManyComparisonsIsTooMany() {
        StringBuilder f = new StringBuilder("emails[value co \"x0\"]");
        for (int i = 1; i <= RequestLimits.MAX_FILTER_TERMS; i++) {
            f.append(" or emails[value co \"x").append(i).append("\"]");
        }
        assertRefused(scim.get("/Users?filter=" + q(f.toString())), 400, "tooMany", "The filter has 51 comparisons; at most 50");
        assertThat(scim.get("/Users?filter=" + q(f.substring(0, f.lastIndexOf(" or ")))).status()).isEqualTo(200);
    }

    @Test
    void aFilterLongerThanTheLimitIsRefused() {
        String f = "userName eq \"" + "a".repeat(RequestLimits.MAX_FILTER_LENGTH) + "\"";
        assertRefused(scim.get("/Users?filter=" + q(f)), 400, "invalidFilter", "characters long; at most 4096");
    }

    @Test
    void anUnclosedBracketInAPatchPathIsAnInvalidPath() {
        assertRefused(scim.patch("/Users/" + aliceId, patchOp("replace", "emails[type eq \"work\"", "x@example.org"), null),
                400, "invalidPath", "Invalid attribute path 'emails[type eq \"work\"': unclosed '[' (']' expected)");
        assertRefused(scim.patch("/Users/" + aliceId, patchOp("replace", "emails[type eq \"work].value", "x"), null),
                400, "invalidPath", "unterminated string literal");
    }

    // ---- bodies ----------------------------------------------------------------------

    @Test
    void aChunkedBodyOverTheLimitIsRefusedWhileItIsRead() {
        byte[] big = ("{\"schemas\":[\"" + USER_URN + "\"],\"userName\":\"chunked\",\"title\":\""
                + "x".repeat((int) RequestLimits.MAX_BODY_BYTES) + "\"}").getBytes(StandardCharsets.UTF_8);
        // No length: the client frames the body in chunks.
        Response r = scim.send("POST", "/Users", BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)));
        assertRefused(r, 413, null, "The request body is larger than 2000000 bytes");
        Response framed = scim.send("POST", "/Users", BodyPublishers.ofByteArray(big));
        assertRefused(framed, 413, null, "The request body is larger than 2000000 bytes");
    }

    @Test
    void bodiesThatAreNotJsonByTheirContentTypeAreUnsupported() {
        String body = user("xml").toString();
        assertRefused(scim.send("POST", "/Users", BodyPublishers.ofString(body), "Content-Type", "application/xml"), 415,
                null, "Content-Type application/xml is not supported");
        assertRefused(scim.send("PUT", "/Users/" + aliceId, BodyPublishers.ofString(body), "Content-Type", "text/plain"),
                415, null, "Content-Type text/plain is not supported");
        Response json = scim.send("POST", "/Users", BodyPublishers.ofString(body), "Content-Type",
                "application/json; charset=utf-8");
        assertThat(json.status()).as(json.toString()).isEqualTo(201);
    }

    // ---- errors of the HTTP layer ------------------------------------------------------

    @Test
    void errorsOfTheHttpLayerAreScimJsonToo() throws IOException {
        assertRawError("GET /scim/v2/Users?filter=" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414);
        assertRawError("GET /scim/v2/Users HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n", 431);
        assertRawError("GET /scim/v2/Users HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400);
    }

    private void assertRawError(String request, int status) throws IOException {
        URI base = URI.create(server.baseUrl());
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(response).startsWith("HTTP/1.1 " + status + " ");
            assertThat(response).containsIgnoringCase("Content-Type: application/scim+json");
            JsonNode body = JSON.readTree(response.substring(response.indexOf("\r\n\r\n") + 4));
            assertThat(body.path("status").asText()).isEqualTo(String.valueOf(status));
            assertThat(body.path("schemas").get(0).asText()).isEqualTo("urn:ietf:params:scim:api:messages:2.0:Error");
        }
    }

    @Test
    void headAnswersAsGetWithoutABody() {
        Response missing = scim.send("HEAD", "/Users/" + UUID.randomUUID(), BodyPublishers.noBody());
        assertThat(missing.status()).isEqualTo(404);
        Response head = scim.send("HEAD", "/Users/" + aliceId, BodyPublishers.noBody());
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.etag()).isEqualTo(scim.get("/Users/" + aliceId).etag());
        assertThat(head.body().isNull()).as("no body").isTrue();
    }

    @Test
    void whatTheServiceDoesNotImplementIs501() {
        assertRefused(scim.get("/Me"), 501, null, "This service does not implement /Me");
        assertRefused(scim.post("/Bulk", "{}"), 501, null, "This service does not implement Bulk");
    }

    // ---- an extension named whole ------------------------------------------------------

    @Test
    void excludingAWholeExtensionLeavesItOut() {
        Response r = scim.get("/Users/" + aliceId + "?excludedAttributes=" + ENTERPRISE_URN);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        assertThat(r.body().has(ENTERPRISE_URN)).isFalse();
        assertThat(r.body().path("schemas").toString()).doesNotContain(ENTERPRISE_URN);
        assertThat(r.body().path("userName").asText()).isEqualTo("alice");
    }
}
