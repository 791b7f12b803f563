package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What Microsoft Entra ID (its default dialect and the aadOptscim062020 flag) and Okta send as provisioning clients, as their
 * own documentation shows it, accepted by the service as they mean it: the state after each request is what the client
 * believes it is (docs/service.md, "Provisioning clients").
 */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class ProvisioningDialectsTest extends PerBackendServiceTest {
    private String a;
    private String b;
    private String c;
    private String groupId;

    @BeforeEach
    void seed() {
        TestDatabase.deleteUsers();
        deleteGroups("Sales");
        a = createUser("ada", 1).id();
        b = createUser("bob", 2).id();
        c = createUser("cyd", 3).id();
        ObjectNode group = JSON.createObjectNode();
        group.putArray("schemas").add(GROUP_URN);
        group.put("displayName", "Sales");
        group.putArray("members").addObject().put("value", a);
        group.withArray("members").addObject().put("value", b);
        group.withArray("members").addObject().put("value", c);
        groupId = scim.post("/Groups", group).id();
    }

    private static String ops(String operations) {
        return "{\"schemas\":[\"" + PATCH_URN + "\"],\"Operations\":[" + operations + "]}";
    }

    private Response patched(String path, String body) {
        Response r = scim.patch(path, body, null);
        assertThat(r.status()).as(r.toString()).isIn(200, 204);
        return r;
    }

    private List<String> members() {
        List<String> values = new ArrayList<>();
        scim.get("/Groups/" + groupId).body().path("members").forEach(m -> values.add(m.path("value").asText()));
        return values;
    }

    private JsonNode user(String id) {
        return scim.get("/Users/" + id).body();
    }

    @Test
    void entraDisablesAUserWithActiveAsText() {
        patched("/Users/" + a, ops("{\"op\":\"Replace\",\"path\":\"active\",\"value\":\"False\"}"));
        assertThat(user(a).path("active").isBoolean()).isTrue();
        assertThat(user(a).path("active").booleanValue()).isFalse();
        patched("/Users/" + a, ops("{\"op\":\"Replace\",\"path\":\"active\",\"value\":\"True\"}"));
        assertThat(user(a).path("active").booleanValue()).isTrue();
    }

    @Test
    void aBooleanAsAnyOtherTextIsRefusedAndChangesNothing() {
        JsonNode before = user(a);
        Response r = scim.patch("/Users/" + a, ops("{\"op\":\"Replace\",\"path\":\"active\",\"value\":\"No\"}"), null);
        assertScimError(r, 400, "invalidValue", "'active' must be true or false, not \"No\"");
        assertThat(user(a)).isEqualTo(before);
    }

    @Test
    void entraRemovesOnlyTheMembersItNames() {
        patched("/Groups/" + groupId, ops("{\"op\":\"Remove\",\"path\":\"members\",\"value\":[{\"value\":\"" + a + "\"}]}"));
        assertThat(members()).containsExactlyInAnyOrder(b, c);
    }

    @Test
    void entraRemovesOnlyTheNamedMembersBesideAnotherChangeToo() {
        // With a rename beside it, the PATCH takes the general way (the whole group read and written), not the membership rows'.
        patched("/Groups/" + groupId, ops("{\"op\":\"Remove\",\"path\":\"members\",\"value\":[{\"value\":\"" + a + "\"},{\"value\":\""
                + c + "\"}]},{\"op\":\"Replace\",\"path\":\"displayName\",\"value\":\"Sales EMEA\"}"));
        assertThat(members()).containsExactly(b);
        assertThat(scim.get("/Groups/" + groupId).body().path("displayName").asText()).isEqualTo("Sales EMEA");
    }

    @Test
    void entraAddsMembersByValue() {
        patched("/Groups/" + groupId, ops("{\"op\":\"Remove\",\"path\":\"members\",\"value\":[{\"value\":\"" + a + "\"}]}"));
        patched("/Groups/" + groupId, ops("{\"op\":\"Add\",\"path\":\"members\",\"value\":[{\"value\":\"" + a + "\"}]}"));
        assertThat(members()).containsExactlyInAnyOrder(a, b, c);
    }

    @Test
    void entra2020ReplacesWithoutAPathAndDottedKeys() {
        patched("/Users/" + a, ops("{\"op\":\"replace\",\"value\":{\"name.givenName\":\"Ada\",\"name.familyName\":\"Lovelace\","
                + "\"active\":false}}"));
        JsonNode u = user(a);
        assertThat(u.path("name").path("givenName").asText() + " " + u.path("name").path("familyName").asText())
                .isEqualTo("Ada Lovelace");
        assertThat(u.path("active").booleanValue()).isFalse();
    }

    @Test
    void entra2020AndOktaRemoveAMemberByFilter() {
        patched("/Groups/" + groupId, ops("{\"op\":\"remove\",\"path\":\"members[value eq \\\"" + b + "\\\"]\"}"));
        assertThat(members()).containsExactlyInAnyOrder(a, c);
    }

    @Test
    void oktaDeactivatesWithAPathlessReplace() {
        patched("/Users/" + b, ops("{\"op\":\"replace\",\"value\":{\"active\":false}}"));
        assertThat(user(b).path("active").booleanValue()).isFalse();
    }

    @Test
    void oktaPushesAGroupRemovingOneAndAddingAnotherWithItsDisplay() {
        patched("/Groups/" + groupId, ops("{\"op\":\"remove\",\"path\":\"members[value eq \\\"" + a + "\\\"]\"},"
                + "{\"op\":\"add\",\"path\":\"members\",\"value\":[{\"value\":\"" + a + "\",\"display\":\"ada\"}]}"));
        assertThat(members()).containsExactlyInAnyOrder(a, b, c);
        patched("/Groups/" + groupId, ops("{\"op\":\"remove\",\"path\":\"members[value eq \\\"" + c + "\\\"]\"}"));
        assertThat(members()).containsExactlyInAnyOrder(a, b);
    }

    @Test
    void oktaRenamesAGroupNamingItsOwnId() {
        patched("/Groups/" + groupId, ops("{\"op\":\"replace\",\"value\":{\"id\":\"" + groupId + "\",\"displayName\":\"Sales APAC\"}}"));
        assertThat(scim.get("/Groups/" + groupId).body().path("displayName").asText()).isEqualTo("Sales APAC");
        Response other = scim.patch("/Groups/" + groupId, ops("{\"op\":\"replace\",\"value\":{\"id\":\"" + a
                + "\",\"displayName\":\"Sales X\"}}"), null);
        assertScimError(other, 400, "mutability", "'id' is readOnly");
        assertThat(scim.get("/Groups/" + groupId).body().path("displayName").asText()).isEqualTo("Sales APAC");
    }

    @Test
    void lookupsWithoutAMatchAnswerAnEmpty200() {
        for (String lookup : List.of("/Users?filter=" + ScimClient.q("userName eq \"nobody\""),
                "/Users?filter=" + ScimClient.q("userName eq \"nobody\"") + "&startIndex=1&count=100",
                "/Groups?excludedAttributes=members&filter=" + ScimClient.q("displayName eq \"Nobody\""))) {
            Response r = scim.get(lookup);
            assertThat(r.status()).as(lookup).isEqualTo(200);
            assertThat(r.body().path("totalResults").asInt(-1)).as(lookup).isZero();
            assertThat(r.body().path("Resources").size()).as(lookup).isZero();
        }
    }

    @Test
    void aDuplicateUserNameIsAConflict() {
        Response r = scim.post("/Users", profileUser("ada", 9));
        assertScimError(r, 409, "uniqueness", "userName");
    }
}
