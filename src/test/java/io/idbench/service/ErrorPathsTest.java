package io.idbench.service;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.TestDatabase;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every client mistake gets the exact status and scimType, as SCIM error JSON, and changes nothing.
 * Runs once per storage (see the subclasses).
 */
@ParameterizedClass(name = "{0}, search {1}")
@MethodSource("io.idbench.support.Backends#storages")
public class ErrorPathsTest extends PerBackendServiceTest {
    private String aliceId;
    private String alice;

    @BeforeEach
    void seed() {
        TestDatabase.deleteUsers();
        Response r = createUser("alice", 1);
        aliceId = r.id();
        createUser("bob", 2);
        alice = scim.get("/Users/" + aliceId).body().toString();
    }

    private void assertUnchanged() {
        assertThat(scim.get("/Users/" + aliceId).body().toString()).isEqualTo(alice);
        assertThat(totalUsers()).isEqualTo(2);
    }

    private String aliceEtag() {
        return scim.get("/Users/" + aliceId).etag();
    }

    // ---- invalidFilter -----------------------------------------------------------------

    @Test
    void malformedFilter() {
        assertScimError(scim.get("/Users?filter=" + q("userName xx \"a\"")), 400, "invalidFilter", "Invalid filter");
    }

    @Test
    void unknownAttributeInFilter() {
        assertScimError(scim.get("/Users?filter=" + q("shoeSize eq 42")), 400, "invalidFilter", "Unknown attribute 'shoeSize'");
    }

    @Test
    void literalOfTheWrongType() {
        assertScimError(scim.get("/Users?filter=" + q(PROFILE_URN + ":ssn eq \"abc\"")), 400, "invalidFilter",
                "is an integer");
        assertScimError(scim.get("/Users?filter=" + q("userName eq 42")), 400, "invalidFilter", "must be quoted");
    }

    @Test
    void orderingOnABoolean() {
        assertScimError(scim.get("/Users?filter=" + q("active gt true")), 400, "invalidFilter",
                "gt does not apply to boolean attribute 'active'");
    }

    @Test
    void substringOnAnInteger() {
        assertScimError(scim.get("/Users?filter=" + q(PROFILE_URN + ":ssn co 1")), 400, "invalidFilter",
                "co applies to string attributes");
    }

    @Test
    void filterOnAWriteOnlyAttribute() {
        assertScimError(scim.get("/Users?filter=" + q("password eq \"x\"")), 400, "invalidFilter", "never returned");
    }

    @Test
    void filterOnAComplexAttributeWithoutSubAttribute() {
        assertScimError(scim.get("/Users?filter=" + q("name eq \"x\"")), 400, "invalidFilter", "is complex");
    }

    // ---- invalidSyntax ---------------------------------------------------------------

    @Test
    void bodyThatIsNotJson() {
        assertScimError(scim.post("/Users", "{\"userName\": "), 400, "invalidSyntax", "not valid JSON");
        assertUnchanged();
    }

    @Test
    void bodyWithoutSchemas() {
        assertScimError(scim.post("/Users", "{\"userName\":\"carol\"}"), 400, "invalidSyntax", "'schemas' is required");
        assertUnchanged();
    }

    @Test
    void unknownAttributeInBody() {
        ObjectNode u = profileUser("carol", 3);
        u.put("shoeSize", 42);
        assertScimError(scim.post("/Users", u), 400, "invalidSyntax", "Unknown attribute 'shoeSize'");
        assertUnchanged();
    }

    @Test
    void patchWithAnUnknownOp() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("merge", "nickName", "x"), null), 400, "invalidSyntax",
                "'op' must be add, replace or remove");
        assertUnchanged();
    }

    @Test
    void patchWithoutPatchOpSchema() {
        assertScimError(scim.patch("/Users/" + aliceId, "{\"Operations\":[]}", null), 400, "invalidSyntax", "PatchOp");
        assertUnchanged();
    }

    // ---- invalidPath -------------------------------------------------------------------

    @Test
    void patchPathToAnUnknownAttribute() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "shoeSize", 42), null), 400, "invalidPath",
                "Unknown attribute 'shoeSize'");
        assertUnchanged();
    }

    @Test
    void patchPathToAnUnknownSubAttribute() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "name.nickname", "x"), null), 400,
                "invalidPath", "Unknown sub-attribute 'nickname' of 'name'");
        assertUnchanged();
    }

    @Test
    void patchPathThatDoesNotParse() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "emails[type eq", "x"), null), 400,
                "invalidPath", "Invalid attribute path");
        assertUnchanged();
    }

    // ---- invalidValue ------------------------------------------------------------------

    @Test
    void missingRequiredAttribute() {
        ObjectNode u = profileUser("carol", 3);
        u.remove("userName");
        assertScimError(scim.post("/Users", u), 400, "invalidValue", "'userName' is required");
        assertUnchanged();
    }

    @Test
    void valueOfTheWrongType() {
        ObjectNode u = profileUser("carol", 3);
        ((ObjectNode) u.get(PROFILE_URN)).put("ssn", "not a number");
        assertScimError(scim.post("/Users", u), 400, "invalidValue", "'ssn' must be an integer");
        assertUnchanged();
    }

    @Test
    void patchThatWouldBreakTheSchema() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "active", "yes"), null), 400, "invalidValue",
                "'active' must be true or false");
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("remove", "userName", null), null), 400, "invalidValue",
                "'userName' is required");
        assertUnchanged();
    }

    @Test
    void twoPrimaryEmails() {
        ObjectNode u = profileUser("carol", 3);
        u.withArray("emails").addObject().put("value", "other@example.org").put("primary", true);
        assertScimError(scim.post("/Users", u), 400, "invalidValue", "At most one value of 'emails' may be primary");
        assertUnchanged();
    }

    @Test
    void badListParameters() {
        assertScimError(scim.get("/Users?sortOrder=sideways"), 400, "invalidValue", "sortOrder must be");
        assertScimError(scim.get("/Users?count=many"), 400, "invalidValue", "count must be an integer");
        assertScimError(scim.get("/Users?sortBy=shoeSize"), 400, "invalidValue", "Unknown attribute 'shoeSize'");
        assertScimError(scim.get("/Users?attributes=userName&excludedAttributes=name"), 400, "invalidValue",
                "either 'attributes' or 'excludedAttributes'");
    }

    // ---- noTarget ----------------------------------------------------------------------

    @Test
    void removeWithoutPath() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("remove", null, null), null), 400, "noTarget",
                "requires a 'path'");
        assertUnchanged();
    }

    @Test
    void valueFilterMatchingNothing() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "emails[type eq \"home\"].value", "h@x.org"), null),
                400, "noTarget", "No value of 'emails[");
        assertUnchanged();
    }

    // ---- mutability --------------------------------------------------------------------

    @Test
    void patchOfAReadOnlyAttribute() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "id", UUID.randomUUID().toString()), null), 400,
                "mutability", "'id' is readOnly");
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("add", "groups", json("[{\"value\":\"x\"}]")), null), 400,
                "mutability", "'groups' is readOnly");
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "meta.created", "2020-01-01T00:00:00Z"), null),
                400, "mutability", "readOnly");
        assertUnchanged();
    }

    // ---- uniqueness --------------------------------------------------------------------

    @Test
    void duplicateUserNameInAnyCase() {
        assertScimError(scim.post("/Users", profileUser("ALICE", 3)), 409, "uniqueness", "'userName'");
        assertUnchanged();
    }

    @Test
    void duplicateUniqueAttributes() {
        ObjectNode ssn = profileUser("carol", 3);
        ((ObjectNode) ssn.get(PROFILE_URN)).put("ssn", 100_000_001L);
        assertScimError(scim.post("/Users", ssn), 409, "uniqueness", PROFILE_URN + ":ssn");
        ObjectNode badge = profileUser("carol", 3);
        ((ObjectNode) badge.get(PROFILE_URN)).put("badge", 200_000_001L);
        assertScimError(scim.post("/Users", badge), 409, "uniqueness", PROFILE_URN + ":badge");
        ObjectNode employee = profileUser("carol", 3);
        ((ObjectNode) employee.get(ENTERPRISE_URN)).put("employeeNumber", "e1");
        assertScimError(scim.post("/Users", employee), 409, "uniqueness", ENTERPRISE_URN + ":employeeNumber");
        ObjectNode mobile = profileUser("carol", 3);
        ((ObjectNode) mobile.get("phoneNumbers").get(0)).put("value", "+1 555 1");
        assertScimError(scim.post("/Users", mobile), 409, "uniqueness", "phoneNumbers[type eq \"mobile\"].value");
        assertUnchanged();
    }

    @Test
    void renameOntoAnExistingUserName() {
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "userName", "Bob"), null), 409, "uniqueness",
                "'userName'");
        assertUnchanged();
    }

    // ---- tooMany -----------------------------------------------------------------------

    @Test
    void groupLargerThanTheMemberLimit() {
        ObjectNode group = JSON.createObjectNode();
        group.putArray("schemas").add(GROUP_URN);
        group.put("displayName", "big");
        var members = group.putArray("members");
        for (int i = 0; i <= MAX_GROUP_MEMBERS; i++) {
            members.addObject().put("value", createUser("member" + i, 100 + i).id());
        }
        Response created = scim.post("/Groups?excludedAttributes=members", group);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        String path = "/Groups/" + created.id();
        assertScimError(scim.get(path), 400, "tooMany", "more than " + MAX_GROUP_MEMBERS);
        Response withoutMembers = scim.get(path + "?excludedAttributes=members");
        assertThat(withoutMembers.status()).isEqualTo(200);
        assertThat(withoutMembers.body().has("members")).isFalse();
        Response page = scim.get("/Users?count=0&filter=" + q("groups.value eq \"" + created.id() + "\""));
        assertThat(page.body().path("totalResults").asInt()).isEqualTo(MAX_GROUP_MEMBERS + 1);
        scim.delete(path, null);
    }

    // ---- 401 / 404 / 405 / 412 -------------------------------------------------------

    @Test
    void missingOrWrongToken() {
        Response none = scim.withToken(null).get("/Users");
        assertScimError(none, 401, null, "Authorization: Bearer <token> is required");
        assertThat(none.header("WWW-Authenticate")).startsWith("Bearer");
        assertScimError(scim.withToken("wrong-token-0123456789").post("/Users", profileUser("carol", 3)), 401, null,
                "invalid or expired");
        assertUnchanged();
    }

    @Test
    void unknownResources() {
        assertScimError(scim.get("/Users/" + UUID.randomUUID()), 404, null, "not found");
        assertScimError(scim.get("/Users/not-a-uuid"), 404, null, "User not-a-uuid not found");
        assertScimError(scim.delete("/Users/" + UUID.randomUUID(), null), 404, null, "not found");
        assertScimError(scim.patch("/Users/" + UUID.randomUUID(), patchOp("replace", "nickName", "x"), null), 404, null,
                "not found");
        assertScimError(scim.get("/Nothing"), 404, null, "No such endpoint");
        assertUnchanged();
    }

    @Test
    void methodNotAllowed() {
        assertScimError(scim.raw("DELETE", "/Users", null), 405, null, "not allowed");
        assertUnchanged();
    }

    @Test
    void staleIfMatch() {
        String stale = "W/\"999\"";
        assertScimError(scim.put("/Users/" + aliceId, profileUser("alice", 1), stale), 412, null, "If-Match");
        assertScimError(scim.patch("/Users/" + aliceId, patchOp("replace", "nickName", "x"), stale), 412, null, "If-Match");
        assertScimError(scim.delete("/Users/" + aliceId, stale), 412, null, "If-Match");
        assertScimError(scim.delete("/Users/" + aliceId, "\"not-ours\""), 412, null, "If-Match");
        assertUnchanged();
        Response ok = scim.patch("/Users/" + aliceId, patchOp("replace", "nickName", "x"), aliceEtag());
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.body().path("nickName").asText()).isEqualTo("x");
    }

    @Test
    void passwordIsNeverReturned() {
        JsonNode u = scim.get("/Users/" + aliceId).body();
        assertThat(u.has("password")).isFalse();
        assertThat(TestDatabase.count("SELECT count(*) FROM " + userTable() + " WHERE password_hash LIKE '{SSHA256}%'"))
                .isEqualTo(2);
    }
}
