package io.idbench.scim;

import static io.idbench.scim.schema.ScimSchemas.ENTERPRISE_URN;
import static io.idbench.scim.schema.ScimSchemas.USER_TYPE;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code attributes} / {@code excludedAttributes} (RFC 7644 section 3.4.2.5): {@code schemas} names
 * only the schemas whose attributes the response holds (RFC 7643 section 3), and a projection
 * tells whether a store may skip everything but a resource's row.
 */
class ProjectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CORE = USER_TYPE.core().id();

    private static ObjectNode user() {
        ObjectNode u = JSON.createObjectNode();
        u.putArray("schemas").add(CORE).add(ENTERPRISE_URN);
        u.put("id", "2819c223").put("userName", "bjensen").put("title", "Tour Guide");
        u.putObject(ENTERPRISE_URN).put("employeeNumber", "701984").put("department", "Tour Operations");
        u.putObject("meta").put("resourceType", "User");
        return u;
    }

    private static List<String> schemas(JsonNode resource) {
        List<String> out = new ArrayList<>();
        resource.path("schemas").forEach(s -> out.add(s.asText()));
        return out;
    }

    @Test
    void aResponseWithoutExtensionAttributesDoesNotNameTheExtension() {
        ObjectNode out = Projection.of(USER_TYPE, "userName", null).apply(user());

        assertThat(schemas(out)).containsExactly(CORE);
        assertThat(out.has(ENTERPRISE_URN)).isFalse();
        assertThat(out.path("userName").asText()).isEqualTo("bjensen");
    }

    @Test
    void anExtensionAttributeInTheResponseKeepsItsSchema() {
        ObjectNode out = Projection.of(USER_TYPE, "userName," + ENTERPRISE_URN + ":employeeNumber", null).apply(user());

        assertThat(schemas(out)).containsExactly(CORE, ENTERPRISE_URN);
        assertThat(out.path(ENTERPRISE_URN).path("employeeNumber").asText()).isEqualTo("701984");
    }

    @Test
    void excludingEveryAttributeOfAnExtensionDropsItAndItsSchema() {
        ObjectNode each = Projection.of(USER_TYPE, null, ENTERPRISE_URN + ":employeeNumber," + ENTERPRISE_URN + ":department")
                .apply(user());
        ObjectNode one = Projection.of(USER_TYPE, null, ENTERPRISE_URN + ":department").apply(user());

        assertThat(schemas(each)).containsExactly(CORE);
        assertThat(each.has(ENTERPRISE_URN)).as(each.toString()).isFalse();
        assertThat(schemas(one)).containsExactly(CORE, ENTERPRISE_URN);
        assertThat(one.path(ENTERPRISE_URN).has("employeeNumber")).isTrue();
    }

    @Test
    void onlyAnInclusionOfRowAttributesLetsTheStoreSkipTheRest() {
        Set<String> row = Set.of("id", "meta", "userName", "groups");

        assertThat(Projection.of(USER_TYPE, "userName", null).selectsOnly(row)).isTrue();
        assertThat(Projection.of(USER_TYPE, "userName,groups.value", null).selectsOnly(row)).isTrue();
        assertThat(Projection.of(USER_TYPE, "userName,title", null).selectsOnly(row)).isFalse();
        assertThat(Projection.of(USER_TYPE, ENTERPRISE_URN + ":employeeNumber", null).selectsOnly(row)).isFalse();
        assertThat(Projection.of(USER_TYPE, null, "title").selectsOnly(row)).isFalse();
        assertThat(Projection.of(USER_TYPE, null, null).selectsOnly(row)).isFalse();
    }
}
