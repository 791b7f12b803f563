package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The PATCH examples of RFC 7644 §3.5.2, each checked against what the RFC says they do. */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class PatchRfcExamplesTest extends PerBackendServiceTest {
    private String babs;
    private String other;
    private String third;
    private String groupId;
    private String userId;

    @BeforeEach
    void seed() {
        TestDatabase.deleteUsers();
        deleteGroups("Tour Guides");
        babs = createUser("bjensen", 1).id();
        other = createUser("jsmith", 2).id();
        third = createUser("mpepperidge", 3).id();
        ObjectNode group = JSON.createObjectNode();
        group.putArray("schemas").add(GROUP_URN);
        group.put("displayName", "Tour Guides");
        group.putArray("members").addObject().put("value", other);
        groupId = scim.post("/Groups", group).id();
        ObjectNode user = profileUser("bjensen.work", 4);
        user.putArray("emails").addObject().put("value", "bjensen@example.com").put("type", "work");
        user.putArray("addresses").addObject().put("type", "work").put("streetAddress", "100 Universal City Plaza")
                .put("locality", "Hollywood").put("primary", true);
        userId = scim.post("/Users", user).id();
    }

    private Response patchGroup(String body) {
        Response r = scim.patch("/Groups/" + groupId, body, null);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        return r;
    }

    private Response patchUser(String body) {
        Response r = scim.patch("/Users/" + userId, body, null);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        return r;
    }

    private static List<String> memberValues(JsonNode group) {
        List<String> values = new ArrayList<>();
        group.path("members").forEach(m -> values.add(m.path("value").asText()));
        return values;
    }

    private static String ops(String operations) {
        return "{\"schemas\":[\"" + PATCH_URN + "\"],\"Operations\":[" + operations + "]}";
    }

    @Test
    void addMemberToGroup() {
        Response r = patchGroup(ops("{\"op\":\"add\",\"path\":\"members\",\"value\":[{\"display\":\"Babs Jensen\","
                + "\"$ref\":\"https://example.com/v2/Users/" + babs + "\",\"value\":\"" + babs + "\"}]}"));
        assertThat(memberValues(r.body())).containsExactlyInAnyOrder(other, babs);
        JsonNode added = r.body().path("members").findParent("value");
        assertThat(r.body().toString()).contains("\"display\":\"bjensen\"").contains("/Users/" + babs);
        assertThat(added).isNotNull();
        assertThat(memberValues(scim.get("/Groups/" + groupId).body())).containsExactlyInAnyOrder(other, babs);
    }

    @Test
    void addWithoutPathMergesAttributes() {
        Response r = patchUser(ops("{\"op\":\"add\",\"value\":{\"emails\":[{\"value\":\"babs@jensen.org\",\"type\":\"home\"}],"
                + "\"nickname\":\"Babs\"}}"));
        assertThat(r.body().path("nickName").asText()).isEqualTo("Babs");
        assertThat(r.body().path("emails").findValuesAsText("value"))
                .containsExactlyInAnyOrder("bjensen@example.com", "babs@jensen.org");
    }

    @Test
    void removeSingleMember() {
        patchGroup(ops("{\"op\":\"add\",\"path\":\"members\",\"value\":[{\"value\":\"" + babs + "\"}]}"));
        Response r = patchGroup(ops("{\"op\":\"remove\",\"path\":\"members[value eq \\\"" + other + "\\\"]\"}"));
        assertThat(memberValues(r.body())).containsExactly(babs);
    }

    @Test
    void removeAllMembers() {
        Response r = patchGroup(ops("{\"op\":\"remove\",\"path\":\"members\"}"));
        assertThat(r.body().has("members")).isFalse();
        assertThat(scim.get("/Users?count=0&filter=" + io.idbench.support.ScimClient.q("groups.value eq \"" + groupId + "\""))
                .body().path("totalResults").asLong()).isZero();
    }

    @Test
    void removeMultipleComplexValuesByFilter() {
        patchUser(ops("{\"op\":\"add\",\"path\":\"emails\",\"value\":[{\"value\":\"b@example.com\",\"type\":\"work\"},"
                + "{\"value\":\"b@jensen.org\",\"type\":\"work\"}]}"));
        Response r = patchUser(ops("{\"op\":\"remove\",\"path\":\"emails[type eq \\\"work\\\" and value ew \\\"example.com\\\"]\"}"));
        assertThat(r.body().path("emails").findValuesAsText("value")).containsExactly("b@jensen.org");
    }

    @Test
    void removeAllMembersThenAddNewOnes() {
        Response r = patchGroup(ops("{\"op\":\"remove\",\"path\":\"members\"},"
                + "{\"op\":\"add\",\"path\":\"members\",\"value\":[{\"value\":\"" + babs + "\"},{\"value\":\"" + third + "\"}]}"));
        assertThat(memberValues(r.body())).containsExactlyInAnyOrder(babs, third);
    }

    @Test
    void replaceAllMembers() {
        Response r = patchGroup(ops("{\"op\":\"replace\",\"path\":\"members\",\"value\":[{\"value\":\"" + babs
                + "\"},{\"value\":\"" + third + "\"}]}"));
        assertThat(memberValues(r.body())).containsExactlyInAnyOrder(babs, third);
    }

    @Test
    void replaceOneComplexValue() {
        Response r = patchUser(ops("{\"op\":\"replace\",\"path\":\"addresses[type eq \\\"work\\\"]\",\"value\":{"
                + "\"type\":\"work\",\"streetAddress\":\"911 Universal City Plaza\",\"locality\":\"Hollywood\","
                + "\"region\":\"CA\",\"postalCode\":\"91608\",\"country\":\"US\","
                + "\"formatted\":\"911 Universal City Plaza\\nHollywood, CA 91608 US\",\"primary\":true}}"));
        JsonNode address = r.body().path("addresses").get(0);
        assertThat(r.body().path("addresses")).hasSize(1);
        assertThat(address.path("streetAddress").asText()).isEqualTo("911 Universal City Plaza");
        assertThat(address.path("postalCode").asText()).isEqualTo("91608");
    }

    @Test
    void replaceASubAttributeOfSelectedValues() {
        Response r = patchUser(ops("{\"op\":\"replace\",\"path\":\"addresses[type eq \\\"work\\\"].streetAddress\","
                + "\"value\":\"1010 Broadway Ave\"}"));
        JsonNode address = r.body().path("addresses").get(0);
        assertThat(address.path("streetAddress").asText()).isEqualTo("1010 Broadway Ave");
        assertThat(address.path("locality").asText()).isEqualTo("Hollywood");
    }

    @Test
    void replaceAttributesWithoutPath() {
        Response r = patchUser(ops("{\"op\":\"replace\",\"value\":{\"emails\":[{\"value\":\"bjensen@example.com\","
                + "\"type\":\"work\",\"primary\":true},{\"value\":\"babs@jensen.org\",\"type\":\"home\"}],\"nickname\":\"Babs\"}}"));
        assertThat(r.body().path("nickName").asText()).isEqualTo("Babs");
        assertThat(r.body().path("emails")).hasSize(2);
        assertThat(r.body().path("emails").get(0).path("primary").asBoolean()).isTrue();
    }

    @Test
    void replaceOfAMissingAttributeAdds() {
        Response r = patchUser(ops("{\"op\":\"replace\",\"path\":\"title\",\"value\":\"Tour Guide\"}"));
        assertThat(r.body().path("title").asText()).isEqualTo("Tour Guide");
    }

    @Test
    void extensionAttributesByQualifiedPath() {
        Response r = patchUser(ops("{\"op\":\"replace\",\"path\":\"" + ENTERPRISE_URN + ":department\",\"value\":\"Tours\"}"));
        assertThat(r.body().path(ENTERPRISE_URN).path("department").asText()).isEqualTo("Tours");
        assertThat(r.body().path("schemas").toString()).contains(ENTERPRISE_URN);
    }

    @Test
    void newPrimaryValueDemotesTheOldOne() {
        Response r = patchUser(ops("{\"op\":\"add\",\"path\":\"emails\",\"value\":[{\"value\":\"new@example.com\",\"primary\":true}]}"));
        patchUser(ops("{\"op\":\"add\",\"path\":\"emails\",\"value\":[{\"value\":\"newer@example.com\",\"primary\":true}]}"));
        JsonNode emails = scim.get("/Users/" + userId).body().path("emails");
        long primaries = 0;
        for (JsonNode e : emails) {
            primaries += e.path("primary").asBoolean() ? 1 : 0;
        }
        assertThat(primaries).isEqualTo(1);
        assertThat(r.etag()).isNotEqualTo(scim.get("/Users/" + userId).etag());
    }
}
