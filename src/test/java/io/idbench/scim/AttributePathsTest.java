package io.idbench.scim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.scim.schema.ScimSchemas;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Attribute paths (RFC 7644 3.10), as PATCH, sortBy and attributes name them: to the schema, attribute, value filter and
 * sub-attribute they name, core attributes by name, an extension's by its URN, a whole extension by its URN alone; and every
 * path that names nothing refused with why.
 */
class AttributePathsTest {
    private static AttributePaths.Resolved resolve(String path) {
        return AttributePaths.resolve(ScimSchemas.USER_TYPE, path, ScimException::invalidPath);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "userName                                  | urn:ietf:params:scim:schemas:core:2.0:User | userName",
            "USERNAME                                  | urn:ietf:params:scim:schemas:core:2.0:User | userName",
            "name.givenName                            | urn:ietf:params:scim:schemas:core:2.0:User | name.givenName",
            "emails[type eq \"work\"].value            | urn:ietf:params:scim:schemas:core:2.0:User | emails[type EQ \"work\"].value",
            "urn:ietf:params:scim:schemas:core:2.0:User:title | urn:ietf:params:scim:schemas:core:2.0:User | title",
            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber | urn:ietf:params:scim:schemas:extension:enterprise:2.0:User | employeeNumber",
            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager.value | urn:ietf:params:scim:schemas:extension:enterprise:2.0:User | manager.value",
            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User | urn:ietf:params:scim:schemas:extension:enterprise:2.0:User | urn:ietf:params:scim:schemas:extension:enterprise:2.0:User",
    })
    void aPathNamesItsSchemaAttributeAndSubAttribute(String path, String schema, String display) {
        AttributePaths.Resolved r = resolve(path);
        assertThat(r.schema().id()).isEqualTo(schema);
        assertThat(r.display()).isEqualToIgnoringCase(display);
    }

    @org.junit.jupiter.api.Test
    void aPathLongerThanAFilterMayBeIsRefusedBeforeItIsParsed() {
        String path = "emails[value eq \"" + "x".repeat(RequestLimits.MAX_FILTER_LENGTH) + "\"].value";
        assertThatThrownBy(() -> resolve(path)).isInstanceOf(ScimException.class)
                .hasMessage("The attribute path is " + path.length() + " characters long; at most " + RequestLimits.MAX_FILTER_LENGTH
                        + " are allowed");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "nope                         | Unknown attribute 'nope' in 'nope' for resource type User",
            "name.nope                    | Unknown sub-attribute 'nope' of 'name'",
            "userName.first               | 'userName' has no sub-attributes (in 'userName.first')",
            "title[value eq \"x\"]        | 'title' is not a multi-valued complex attribute; it takes no value filter",
            "emails.value[type eq \"x\"]  | A value filter is only allowed on the attribute, not on 'value'",
            "name.givenName.first         | Attribute path 'name.givenName.first' is too deep: at most attribute.subAttribute",
            "emails[type eq              | Invalid attribute path 'emails[type eq': ",
    })
    void aPathThatNamesNothingIsRefusedWithWhy(String path, String detail) {
        assertThatThrownBy(() -> resolve(path)).isInstanceOfSatisfying(ScimException.class, e -> {
            assertThat(e.scimType()).isEqualTo("invalidPath");
            assertThat(e.detail()).startsWith(detail);
        });
    }
}
