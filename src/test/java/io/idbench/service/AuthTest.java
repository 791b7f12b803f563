package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.Grant;
import io.idbench.config.Storage;
import io.idbench.support.ScimClient;
import io.idbench.support.ServiceTestBase;
import io.idbench.targets.TokenSource;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The token endpoint issues tokens for the configured credentials only; issued tokens work. */
class AuthTest extends ServiceTestBase {
    private final HttpClient http = HttpClient.newHttpClient();

    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }

    private HttpResponse<String> token(String form, String basicUser, String basicPassword) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl().replace("/scim/v2", "/oauth/token")))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        if (basicUser != null) {
            b.header("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString((basicUser + ":" + basicPassword).getBytes(StandardCharsets.UTF_8)));
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void clientCredentialsTokenWorksOnScim() throws Exception {
        HttpResponse<String> r = token("grant_type=client_credentials", "admin", ADMIN_PASSWORD);
        assertThat(r.statusCode()).isEqualTo(200);
        var body = JSON.readTree(r.body());
        assertThat(body.path("token_type").asText()).isEqualTo("Bearer");
        assertThat(body.path("expires_in").asInt()).isEqualTo(60);
        ScimClient issued = scim.withToken(body.path("access_token").asText());
        assertThat(issued.get("/ServiceProviderConfig").status()).isEqualTo(200);
    }

    @Test
    void passwordGrantWorks() throws Exception {
        HttpResponse<String> r = token("grant_type=password&username=admin&password=" + ADMIN_PASSWORD, null, null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(scim.withToken(JSON.readTree(r.body()).path("access_token").asText()).get("/Users").status()).isEqualTo(200);
    }

    @Test
    void aClientMayAlsoAuthenticateInTheBodyButNotBothWays() throws Exception {
        HttpResponse<String> posted = token("grant_type=client_credentials&client_id=admin&client_secret=" + ADMIN_PASSWORD, null, null);
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
        HttpResponse<String> twice = token("grant_type=client_credentials&client_id=admin&client_secret=" + ADMIN_PASSWORD, "admin",
                ADMIN_PASSWORD);
        assertThat(twice.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(twice.body()).path("error_description").asText())
                .isEqualTo("the client authenticated twice: HTTP Basic and client_secret in the body");
    }

    @Test
    void theTargetsTokenSourceAuthenticatesItsClientWithHttpBasic() {
        TokenSource tokens = TokenSource.endpoint(server.baseUrl().replace("/scim/v2", "/oauth/token"), Grant.CLIENT_CREDENTIALS, "admin",
                ADMIN_PASSWORD, null, null);
        assertThat(scim.withToken(tokens.token()).get("/ServiceProviderConfig").status()).isEqualTo(200);
        assertThat(TokenSource.basic("a b", "p:w%")).as("id and secret form-encoded, RFC 6749 2.3.1")
                .isEqualTo("Basic " + Base64.getEncoder().encodeToString("a+b:p%3Aw%25".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void wrongCredentialsAreRefused() throws Exception {
        HttpResponse<String> r = token("grant_type=client_credentials", "admin", "wrong-password");
        assertThat(r.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(r.body()).path("error").asText()).isEqualTo("invalid_client");
        assertThat(token("grant_type=implicit", null, null).statusCode()).isEqualTo(400);
    }

    @Test
    void tamperedTokenIsRefused() throws Exception {
        String t = JSON.readTree(token("grant_type=client_credentials", "admin", ADMIN_PASSWORD).body())
                .path("access_token").asText();
        String tampered = t.substring(0, t.indexOf('.') + 1) + "9999999999" + t.substring(t.indexOf('.', 4));
        assertThat(scim.withToken(tampered).get("/Users").status()).isEqualTo(401);
    }

    @Test
    void discoveryEndpointsDescribeTheProfile() {
        var schemas = scim.get("/Schemas").body();
        assertThat(schemas.path("totalResults").asInt()).isEqualTo(5);
        var groupType = scim.get("/ResourceTypes/Group").body();
        assertThat(groupType.path("schemaExtensions").toString())
                .contains("urn:idbench:params:scim:schemas:extension:dynamic:2.0:Group");
        var profile = scim.get("/Schemas/" + PROFILE_URN).body();
        assertThat(profile.toString()).contains("\"name\":\"ssn\"").contains("\"uniqueness\":\"server\"");
        var userType = scim.get("/ResourceTypes/User").body();
        assertThat(userType.path("schemaExtensions").toString()).contains(PROFILE_URN).contains(ENTERPRISE_URN);
        var config = scim.get("/ServiceProviderConfig").body();
        assertThat(config.path("patch").path("supported").asBoolean()).isTrue();
        assertThat(config.path("etag").path("supported").asBoolean()).isTrue();
        assertThat(config.path("filter").path("maxResults").asInt()).isEqualTo(1000);
    }

    @Test
    void staticGroupsOfTheProfileExist() {
        var groups = scim.get("/Groups?attributes=displayName&sortBy=displayName").body().path("Resources");
        assertThat(groups.findValuesAsText("displayName")).contains("employee", "helpdesk", "hr", "ict");
    }
}
