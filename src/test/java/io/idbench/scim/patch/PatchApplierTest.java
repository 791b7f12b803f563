package io.idbench.scim.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.scim.ScimException;
import io.idbench.scim.schema.ScimSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PATCH (RFC 7644 3.5.2) on one user in memory, operation by operation: what add, replace and remove each do to a simple,
 * a complex, a multi-valued attribute and an extension, with a path, a value filter or none; and what is refused, as what.
 */
class PatchApplierTest {
    private static final PatchApplier USERS = new PatchApplier(ScimSchemas.USER_TYPE);

    private static ObjectNode user() throws Exception {
        return (ObjectNode) Json.mapper().readTree("""
                {"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"], "id": "u1", "userName": "bjensen", "title": "Guide",
                 "name": {"givenName": "Barbara", "familyName": "Jensen"},
                 "emails": [{"value": "a@example.com", "type": "work", "primary": true}, {"value": "b@example.com", "type": "home"}]}""");
    }

    private static ObjectNode patch(String... operations) throws Exception {
        return (ObjectNode) Json.mapper().readTree("{\"schemas\": [\"" + PatchApplier.PATCH_OP_URN + "\"], \"Operations\": ["
                + String.join(",", operations) + "]}");
    }

    private static JsonNode apply(String... operations) throws Exception {
        return USERS.apply(user(), patch(operations));
    }

    @Test
    void replaceSetsAddSetsAndRemoveUnsetsASimpleAttribute() throws Exception {
        assertThat(apply("{\"op\": \"replace\", \"path\": \"title\", \"value\": \"Chief\"}").path("title").asText()).isEqualTo("Chief");
        assertThat(apply("{\"op\": \"add\", \"path\": \"nickName\", \"value\": \"Babs\"}").path("nickName").asText()).isEqualTo("Babs");
        assertThat(apply("{\"op\": \"remove\", \"path\": \"title\"}").has("title")).isFalse();
    }

    @Test
    void theOperationIsNamedInAnyCase() throws Exception {
        assertThat(apply("{\"op\": \"Replace\", \"path\": \"title\", \"value\": \"Chief\"}").path("title").asText()).isEqualTo("Chief");
        assertThat(apply("{\"op\": \"REMOVE\", \"path\": \"title\"}").has("title")).isFalse();
    }

    @Test
    void addAppendsToAMultiValuedAttributeAndReplaceReplacesItWhole() throws Exception {
        String third = "{\"value\": \"c@example.com\", \"type\": \"other\"}";
        assertThat(apply("{\"op\": \"add\", \"path\": \"emails\", \"value\": [" + third + "]}").path("emails")).hasSize(3);
        assertThat(apply("{\"op\": \"replace\", \"path\": \"emails\", \"value\": [" + third + "]}").path("emails")).hasSize(1);
        assertThat(apply("{\"op\": \"add\", \"path\": \"emails\", \"value\": [{\"value\": \"b@example.com\", \"type\": \"home\"}]}")
                .path("emails")).as("a value already there is not added twice").hasSize(2);
    }

    @Test
    void aNewPrimaryValueDemotesTheOthers() throws Exception {
        JsonNode emails = apply("{\"op\": \"add\", \"path\": \"emails\", \"value\": [{\"value\": \"c@x\", \"primary\": true}]}")
                .path("emails");
        assertThat(emails.get(0).path("primary").asBoolean()).isFalse();
        assertThat(emails.get(1).has("primary")).as("a value without primary stays without").isFalse();
        assertThat(emails.get(2).path("primary").asBoolean()).isTrue();
    }

    @Test
    void aValueThatIsNotPrimaryLeavesThePrimaryAlone() throws Exception {
        JsonNode emails = apply("{\"op\": \"add\", \"path\": \"emails\", \"value\": [{\"value\": \"c@x\"}]}").path("emails");
        assertThat(emails.get(0).path("primary").asBoolean()).isTrue();
    }

    @Test
    void aValueFilterPicksTheElementsAnOperationChanges() throws Exception {
        JsonNode replaced = apply("{\"op\": \"replace\", \"path\": \"emails[type eq \\\"work\\\"].value\", \"value\": \"w@x\"}");
        assertThat(replaced.at("/emails/0/value").asText()).isEqualTo("w@x");
        assertThat(replaced.at("/emails/1/value").asText()).isEqualTo("b@example.com");
        JsonNode removed = apply("{\"op\": \"remove\", \"path\": \"emails[type eq \\\"home\\\"]\"}");
        assertThat(removed.path("emails")).hasSize(1);
        assertThat(removed.at("/emails/0/type").asText()).isEqualTo("work");
    }

    @Test
    void withoutAPathTheValueIsAnObjectOfAttributes() throws Exception {
        JsonNode patched = apply("{\"op\": \"replace\", \"value\": {\"title\": \"Chief\", \"name\": {\"givenName\": \"Babs\"},"
                + " \"" + ScimSchemas.ENTERPRISE_URN + "\": {\"employeeNumber\": \"E1\"}}}");
        assertThat(patched.path("title").asText()).isEqualTo("Chief");
        assertThat(patched.path("name").path("givenName").asText()).isEqualTo("Babs");
        assertThat(patched.path("name").path("familyName").asText()).as("a complex value merges").isEqualTo("Jensen");
        assertThat(patched.path(ScimSchemas.ENTERPRISE_URN).path("employeeNumber").asText()).isEqualTo("E1");
    }

    @Test
    void removingAnExtensionsLastAttributeRemovesTheExtension() throws Exception {
        ObjectNode withExtension = USERS.apply(user(), patch("{\"op\": \"add\", \"path\": \"" + ScimSchemas.ENTERPRISE_URN
                + ":employeeNumber\", \"value\": \"E1\"}"));
        assertThat(withExtension.has(ScimSchemas.ENTERPRISE_URN)).isTrue();
        assertThat(USERS.apply(withExtension, patch("{\"op\": \"remove\", \"path\": \"" + ScimSchemas.ENTERPRISE_URN
                + ":employeeNumber\"}")).has(ScimSchemas.ENTERPRISE_URN)).isFalse();
    }

    @Test
    void theUserPatchedIsACopy() throws Exception {
        ObjectNode original = user();
        USERS.apply(original, patch("{\"op\": \"remove\", \"path\": \"title\"}"));
        assertThat(original.path("title").asText()).isEqualTo("Guide");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"op\": \"move\", \"path\": \"title\"}                | invalidSyntax | 'op' must be add, replace or remove, not \"move\"",
            "{\"path\": \"title\", \"value\": \"x\"}                | invalidSyntax | 'op' must be add, replace or remove, not null",
            "{\"op\": \"remove\"}                                  | noTarget      | A remove operation requires a 'path'",
            "{\"op\": \"add\", \"value\": \"x\"}                   | invalidValue  | Without 'path', add requires an object 'value' of attributes",
            "{\"op\": \"replace\", \"path\": \"title\"}            | invalidValue  | replace of 'title' requires a 'value'",
            "{\"op\": \"replace\", \"path\": \"id\", \"value\": \"x\"} | mutability | 'id' is readOnly and cannot be modified",
            "{\"op\": \"add\", \"path\": \"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager.displayName\", \"value\": \"x\"} | mutability | 'manager.displayName' is readOnly",
            "{\"op\": \"replace\", \"path\": \"emails[type eq \\\"none\\\"].value\", \"value\": \"x\"} | noTarget | No value of",
            "{\"op\": \"add\", \"path\": 5, \"value\": \"x\"}      | invalidPath   | 'path' must be a string, not 5",
            "\"add\"                                               | invalidSyntax | Each operation must be a JSON object",
    })
    void aWrongOperationIsRefusedAsWhatItIs(String operation, String scimType, String detail) {
        assertThatThrownBy(() -> apply(operation)).isInstanceOfSatisfying(ScimException.class, e -> {
            assertThat(e.scimType()).isEqualTo(scimType);
            assertThat(e.detail()).startsWith(detail);
        });
    }

    @Test
    void aPatchWithoutItsSchemaOrOperationsIsInvalidSyntax() throws Exception {
        assertThatThrownBy(() -> USERS.apply(user(), Json.mapper().readTree("{\"Operations\": []}"))).isInstanceOf(ScimException.class)
                .hasMessage("'schemas' must be [\"" + PatchApplier.PATCH_OP_URN + "\"]");
        assertThatThrownBy(() -> USERS.apply(user(), patch())).isInstanceOf(ScimException.class)
                .hasMessage("'Operations' must be a non-empty array");
    }
}
