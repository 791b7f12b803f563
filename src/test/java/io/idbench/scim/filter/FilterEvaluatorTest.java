package io.idbench.scim.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.scim.schema.ScimSchemas;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every operator of the filter grammar on one user, by type, at the boundaries where a wrong operator shows: an equal value
 * (gt against ge, lt against le), case (case-insensitive strings, case-exact ids), an absent value, not, and, or, a value
 * filter. The evaluator is the oracle both storages' SQL is tested against, so each line here is the meaning of a filter.
 */
class FilterEvaluatorTest {
    private static final FilterResolver RESOLVER = new FilterResolver(ScimSchemas.USER_TYPE);
    private static final FilterEvaluator EVALUATOR = new FilterEvaluator(ScimSchemas.USER_TYPE);

    private static ObjectNode user() {
        ObjectNode u = Json.mapper().createObjectNode();
        u.put("id", "2819c223-7f76-453a-919d-413861904646").put("displayName", "").putArray("ims");
        u.put("userName", "BJensen").put("active", true).put("title", "Tour Guide");
        u.putObject("name").put("familyName", "Jensen").put("givenName", "Barbara");
        u.putArray("emails").add(Json.mapper().createObjectNode().put("value", "bjensen@example.com").put("type", "work"))
                .add(Json.mapper().createObjectNode().put("value", "babs@jensen.org").put("type", "home").put("primary", true));
        u.putObject(ScimSchemas.PROFILE_URN).put("ssn", 1000).put("birthday", "1980-03-04T00:00:00Z");
        u.putObject("meta").put("created", "2026-01-02T03:04:05Z").put("lastModified", "2026-01-02T03:04:05Z");
        return u;
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            // strings: case-insensitive, code point order
            "userName eq \"bjensen\"                  | true",
            "userName eq \"bjense\"                   | false",
            "userName co \"JENS\"                     | true",
            "userName co \"jensenx\"                  | false",
            "userName sw \"bje\"                      | true",
            "userName sw \"jen\"                      | false",
            "userName ew \"SEN\"                      | true",
            "userName ew \"bje\"                      | false",
            "userName gt \"bjensen\"                  | false",
            "userName ge \"bjensen\"                  | true",
            "userName lt \"bjensen\"                  | false",
            "userName le \"bjensen\"                  | true",
            "userName gt \"a\"                        | true",
            "userName ge \"c\"                        | false",
            "userName le \"a\"                        | false",
            "userName lt \"c\"                        | true",
            // integers
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn eq 1000 | true",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn gt 1000 | false",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn ge 1000 | true",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn lt 1000 | false",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn le 1000 | true",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn gt 999  | true",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn lt 1001 | true",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn ge 1001 | false",
            "urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn le 999  | false",
            // dateTimes, compared as instants
            "meta.created gt \"2026-01-02T03:04:05Z\"  | false",
            "meta.created ge \"2026-01-02T03:04:05Z\"  | true",
            "meta.created lt \"2026-01-02T04:04:05+01:00\" | false",
            "meta.created le \"2026-01-02T04:04:05+01:00\" | true",
            // booleans
            "active eq true                           | true",
            "active eq false                          | false",
            // presence, absence, not
            "title pr                                 | true",
            "nickName pr                              | false",
            "displayName pr                           | false",
            "ims pr                                   | false",
            "nickName eq \"x\"                        | false",
            "not (nickName eq \"x\")                  | true",
            "not (title pr)                           | false",
            // and, or
            "title pr and active eq false             | false",
            "title pr or active eq false              | true",
            "nickName pr or active eq false           | false",
            // value filters: one element must satisfy the whole condition
            "emails[type eq \"work\" and value co \"example\"] | true",
            "emails[type eq \"work\" and value co \"jensen.org\"] | false",
            "emails[primary eq true]                  | true",
            "emails.value ew \".org\"                 | true",
            "emails.type eq \"other\"                 | false",
            // id: case-exact
            "id eq \"2819c223-7f76-453a-919d-413861904646\" | true",
            "id eq \"2819C223-7F76-453A-919D-413861904646\" | false",
    })
    void aFilterMeansWhatRfc7644Says(String filter, boolean matches) {
        assertThat(EVALUATOR.matches(RESOLVER.parse(filter), user())).as(filter).isEqualTo(matches);
    }
}
