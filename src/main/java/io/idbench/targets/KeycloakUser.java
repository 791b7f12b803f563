package io.idbench.targets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.seed.IdentityGenerator;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Identity n of the workload as Keycloak's tables hold it once its SCIM API has created it: the columns of
 * {@code user_entity} that come from the identity, and one {@code user_attribute} per user-profile attribute the realm maps
 * ({@link KeycloakRealm#MAPPED_ATTRIBUTES}). Keycloak folds userName and e-mail to lower case and keeps numbers as text; what it
 * cannot map (phone numbers, addresses) and the password (no credential) it does not keep. KeycloakBulkLoadTest holds these
 * rows against what the SCIM API wrote for the same identities.
 *
 * @param attributes user-profile attribute name → its value, by name
 */
public record KeycloakUser(String id, String username, String email, String firstName, String lastName, Map<String, String> attributes) {

    /** Identity n; its id name-based (Keycloak's own are random), so a load is the same every time. */
    public static KeycloakUser of(IdentityGenerator generator, long n) {
        ObjectNode body = generator.body(n);
        Map<String, String> attributes = new TreeMap<>();
        KeycloakRealm.MAPPED_ATTRIBUTES.forEach((name, scimPath) -> {
            JsonNode v = at(body, scimPath);
            if (v.isValueNode() && !v.isNull()) {
                attributes.put(name, v.asText());
            }
        });
        String email = body.path("emails").path(0).path("value").asText().toLowerCase(Locale.ROOT);
        return new KeycloakUser(id(n).toString(), body.path("userName").asText().toLowerCase(Locale.ROOT), email,
                body.path("name").path("givenName").asText(), body.path("name").path("familyName").asText(), attributes);
    }

    /** The id identity n gets in Keycloak's tables when loaded into them. */
    public static UUID id(long n) {
        return UUID.nameUUIDFromBytes(("idbench:keycloak:user." + n).getBytes(StandardCharsets.UTF_8));
    }

    /** The id of attribute {@code name} of identity n's row. */
    static UUID attributeId(long n, String name) {
        return UUID.nameUUIDFromBytes(("idbench:keycloak:user." + n + ":" + name).getBytes(StandardCharsets.UTF_8));
    }

    /** The value at a SCIM path of the body: a core attribute, or {@code <extension urn>:<attribute>}. */
    private static JsonNode at(ObjectNode body, String scimPath) {
        if (!scimPath.startsWith("urn:")) {
            return body.path(scimPath);
        }
        int colon = scimPath.lastIndexOf(':');
        return body.path(scimPath.substring(0, colon)).path(scimPath.substring(colon + 1));
    }
}
