package io.idbench.targets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Makes a fresh Keycloak a SCIM target for idbench's plans, through its admin REST API: a realm
 * with the SCIM API on; the user-profile attributes the workload's identities carry, each mapped
 * to its SCIM path (without a mapping Keycloak echoes such an attribute in the 201 and drops it);
 * a confidential client whose service account may read and write users and groups, and whose
 * tokens name the SCIM endpoint as their audience (Keycloak refuses them otherwise).
 */
public final class KeycloakRealm {
    /** The realm-management roles the plans need: reads, searches, writes of users; group searches and membership. */
    static final List<String> ROLES = List.of("view-users", "query-users", "manage-users", "query-groups");
    private static final String ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:";
    private static final String PROFILE = "urn:idbench:params:scim:schemas:extension:profile:2.0:User:";
    /**
     * User-profile attribute → SCIM path, for every single-valued attribute of the workload's
     * identities that the default profile lacks (phoneNumbers and addresses cannot be mapped).
     */
    static final Map<String, String> MAPPED_ATTRIBUTES = mapped();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String root;
    private final KeycloakSetup setup;
    private String adminToken;

    private KeycloakRealm(String root, KeycloakSetup setup) {
        this.root = root;
        this.setup = setup;
    }

    /**
     * The client the plans authenticate as (OAuth 2.0 client credentials), and what Keycloak does
     * differently from the workload that only its admin API shows.
     */
    public record Client(String scimUrl, String tokenUrl, String clientId, String clientSecret, List<String> notes) {
    }

    /** Configures the realm on the Keycloak at {@code root}, logged in as its bootstrap administrator. */
    public static Client configure(String root, KeycloakSetup setup, String adminPassword, String clientSecret)
            throws IOException, InterruptedException {
        KeycloakRealm realm = new KeycloakRealm(root, setup);
        realm.adminToken = realm.token(root + "/realms/master/protocol/openid-connect/token", Map.of("grant_type", "password",
                "client_id", "admin-cli", "username", KeycloakSetup.ADMIN_USER, "password", adminPassword));
        realm.createRealm();
        realm.mapAttributes();
        realm.createClient(clientSecret);
        Client client = new Client(setup.scimUrl(root), setup.tokenUrl(root), setup.clientId(), clientSecret, List.of());
        String token = realm.check(client);
        return new Client(client.scimUrl(), client.tokenUrl(), client.clientId(), clientSecret, realm.passwordStored(client, token));
    }

    /**
     * Whether a password sent with a SCIM POST becomes a credential: a probe user created over SCIM
     * with one, its credentials read through the admin API, then deleted. Keycloak 26.7 keeps none,
     * so its creates cost no password hashing, which idbench's service pays for.
     */
    private List<String> passwordStored(Client client, String token) throws IOException, InterruptedException {
        ObjectNode probe = Json.mapper().createObjectNode();
        probe.putArray("schemas").add("urn:ietf:params:scim:schemas:core:2.0:User");
        probe.put("userName", "idbench-password-probe").put("password", "Probe-password-1").put("active", true);
        probe.putObject("name").put("givenName", "probe").put("familyName", "probe");
        probe.putArray("emails").addObject().put("value", "idbench-password-probe@example.org").put("primary", true);
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(client.scimUrl() + "/Users"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/scim+json")
                .POST(HttpRequest.BodyPublishers.ofString(probe.toString())).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new IllegalStateException("Keycloak's SCIM API refused the password probe user: " + r.statusCode() + " " + r.body());
        }
        String id = Json.mapper().readTree(r.body()).path("id").asText();
        JsonNode credentials = admin("GET", path("/users/" + id + "/credentials"), null, 200);
        admin("DELETE", path("/users/" + id), null, 204);
        return credentials.isEmpty() ? List.of("password not stored: Keycloak's SCIM API creates no credential from it, so hashing"
                + " is not measured (idbench's service hashes every password it is sent)") : List.of();
    }

    private void createRealm() throws IOException, InterruptedException {
        ObjectNode r = Json.mapper().createObjectNode().put("realm", setup.realm()).put("enabled", true).put("scimApiEnabled", true);
        if (admin("GET", "/admin/realms", null, 200).findValuesAsText("realm").contains(setup.realm())) {
            return; // a kept dataset's realm: configured when it was seeded
        }
        admin("POST", "/admin/realms", r, 201);
    }

    private void mapAttributes() throws IOException, InterruptedException {
        ObjectNode profile = (ObjectNode) admin("GET", path("/users/profile"), null, 200);
        ArrayNode attributes = (ArrayNode) profile.get("attributes");
        Set<String> present = attributes.valueStream().map(a -> a.path("name").asText()).collect(Collectors.toSet());
        MAPPED_ATTRIBUTES.forEach((name, scimPath) -> {
            if (present.contains(name)) {
                return;
            }
            ObjectNode a = attributes.addObject().put("name", name).put("displayName", name).put("multivalued", false);
            a.putObject("annotations").put("kc.scim.schema.attribute", scimPath);
            ObjectNode permissions = a.putObject("permissions");
            permissions.putArray("view").add("admin");
            permissions.putArray("edit").add("admin");
        });
        admin("PUT", path("/users/profile"), profile, 200);
    }

    private void createClient(String secret) throws IOException, InterruptedException {
        ObjectNode c = Json.mapper().createObjectNode().put("clientId", setup.clientId()).put("enabled", true)
                .put("publicClient", false).put("secret", secret).put("serviceAccountsEnabled", true)
                .put("standardFlowEnabled", false).put("directAccessGrantsEnabled", false);
        ObjectNode audience = c.putArray("protocolMappers").addObject().put("name", "scim-audience").put("protocol", "openid-connect")
                .put("protocolMapper", "oidc-audience-mapper");
        audience.putObject("config").put("included.custom.audience", setup.scimUrl(root)).put("access.token.claim", "true")
                .put("id.token.claim", "false");
        for (JsonNode stale : admin("GET", path("/clients?clientId=" + enc(setup.clientId())), null, 200)) {
            // A kept dataset's client, whose secret this run does not know: made again, with its service account and roles.
            admin("DELETE", path("/clients/" + stale.path("id").asText()), null, 204);
        }
        admin("POST", path("/clients"), c, 201);
        String clientUuid = only(admin("GET", path("/clients?clientId=" + enc(setup.clientId())), null, 200), setup.clientId()).path("id")
                .asText();
        String serviceAccount = admin("GET", path("/clients/" + clientUuid + "/service-account-user"), null, 200).path("id").asText();
        String management = only(admin("GET", path("/clients?clientId=realm-management"), null, 200), "realm-management").path("id")
                .asText();
        ArrayNode roles = Json.mapper().createArrayNode();
        admin("GET", path("/clients/" + management + "/roles"), null, 200).valueStream()
                .filter(role -> ROLES.contains(role.path("name").asText())).forEach(roles::add);
        if (roles.size() != ROLES.size()) {
            throw new IllegalStateException("Keycloak's realm-management client lacks some of the roles " + ROLES + ": found " + roles);
        }
        admin("POST", path("/users/" + serviceAccount + "/role-mappings/clients/" + management), roles, 204);
    }

    /** The client's token reaches the SCIM API: the whole chain works before a plan depends on it. That token, for more checks. */
    private String check(Client client) throws IOException, InterruptedException {
        String token = token(client.tokenUrl(), Map.of("grant_type", "client_credentials", "client_id", client.clientId(),
                "client_secret", client.clientSecret()));
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(client.scimUrl() + "/ServiceProviderConfig"))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("Keycloak's SCIM API refused the benchmark client: GET /ServiceProviderConfig answered "
                    + r.statusCode() + ": " + r.body());
        }
        return token;
    }

    private String token(String url, Map<String, String> form) throws IOException, InterruptedException {
        String body = form.entrySet().stream().map(e -> enc(e.getKey()) + "=" + enc(e.getValue())).collect(Collectors.joining("&"));
        HttpResponse<String> r = http
                .send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("Keycloak refused a token (" + form.get("grant_type") + ", client " + form.get("client_id")
                    + "): " + r.statusCode() + " " + r.body());
        }
        return Json.mapper().readTree(r.body()).path("access_token").asText();
    }

    private JsonNode admin(String method, String path, JsonNode body, int expected) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(root + path)).header("Authorization", "Bearer " + adminToken)
                .timeout(Duration.ofSeconds(60));
        if (body != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expected) {
            throw new IllegalStateException("Keycloak's admin API: " + method + " " + path + " answered " + r.statusCode()
                    + " (expected " + expected + "): " + r.body());
        }
        return r.body().isBlank() ? Json.mapper().nullNode() : Json.mapper().readTree(r.body());
    }

    private String path(String rest) {
        return "/admin/realms/" + setup.realm() + rest;
    }

    private static JsonNode only(JsonNode list, String what) {
        if (list.size() != 1) {
            throw new IllegalStateException("Keycloak's admin API listed " + list.size() + " clients named " + what + ", expected 1");
        }
        return list.get(0);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static Map<String, String> mapped() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("userType", "userType");
        m.put("title", "title");
        m.put("employeeNumber", ENTERPRISE + "employeeNumber");
        for (String a : List.of("ssn", "badge", "gender", "birthPlace", "birthday", "contractLevel", "contractStart", "qualification",
                "institution", "organization", "recruitment")) {
            m.put(a, PROFILE + a);
        }
        return Map.copyOf(m);
    }
}
