package io.idbench.search.elastic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.search.KeyLookups;
import org.junit.jupiter.api.Test;

/** The compiled DSL, pinned for the shapes whose semantics are easiest to get wrong. */
class ElasticQueryTest {
    private final ObjectMapper json = new ObjectMapper();
    private final FilterResolver resolver = new FilterResolver(ScimSchemas.USER_TYPE);
    private final ElasticQuery queries = new ElasticQuery(new UserDocuments(ScimSchemas.USER_TYPE, json), json);

    private String compile(String filter) {
        return queries.compile(resolver.parse(filter), null).toString();
    }

    @Test
    void elementFiltersStayWithinOneElementAndTextIsFolded() {
        assertThat(compile("emails[type eq \"Work\" and value co \"A*B\"]")).isEqualTo(
                "{\"nested\":{\"path\":\"emails\",\"query\":{\"bool\":{\"filter\":["
                        + "{\"term\":{\"emails.type\":\"work\"}},"
                        + "{\"wildcard\":{\"emails.value\":{\"value\":\"*a\\\\*b*\"}}}]}}}}");
    }

    @Test
    void notIsTwoValuedAndExtensionsLiveUnderTheirSchemaName() {
        assertThat(compile("not (urn:idbench:params:scim:schemas:extension:profile:2.0:User:ssn ge 5)")).isEqualTo(
                "{\"bool\":{\"must_not\":[{\"range\":{\"IdbenchProfile.ssn\":{\"gte\":5}}}]}}");
    }

    @Test
    void sortsReadThePrimaryCopyOfMultiValuedAttributesThenTheId() {
        ListQuery q = new ListQuery(null, resolver.sort("emails.value", "descending"), 3, 10);
        assertThat(queries.search(q).toString()).isEqualTo(
                "{\"from\":2,\"size\":10,\"track_total_hits\":true,\"_source\":false,\"query\":{\"match_all\":{}},"
                        + "\"sort\":[{\"_primary.emails.value\":{\"order\":\"desc\",\"missing\":\"_last\"}},"
                        + "{\"id\":{\"order\":\"asc\"}}]}");
    }

    @Test
    void onlyAnEqualityOnAUniqueSingleValuedAttributeIsAKeyLookup() {
        assertThat(KeyLookups.isKeyLookup(resolver.parse("userName eq \"user.1\""))).isTrue();
        assertThat(KeyLookups
                .isKeyLookup(resolver.parse("urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber eq \"E1\"")))
                .isTrue();
        assertThat(KeyLookups.isKeyLookup(resolver.parse("userName sw \"user.1\""))).isFalse();
        assertThat(KeyLookups.isKeyLookup(resolver.parse("userName eq \"a\" or userName eq \"b\""))).isFalse();
        assertThat(KeyLookups.isKeyLookup(resolver.parse("name.givenName eq \"fn_user.1\""))).isFalse();
        assertThat(KeyLookups.isKeyLookup(resolver.parse("emails.value eq \"user.1@example.org\""))).isFalse();
    }
}
