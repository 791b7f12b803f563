package io.idbench.service;

import static io.idbench.support.ScimClient.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.FilterEvaluator;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.SortSpec;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.search.IndexConsistency;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.search.KeyLookups;
import io.idbench.support.PerBackendServiceTest;
import io.idbench.support.RandomFilters;
import io.idbench.support.ScimClient.Response;
import io.idbench.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/**
 * The oracle test: over a seeded set of identities, a few hundred filters generated at random
 * from the SCIM grammar, with random sorts and pages, must return exactly the identities, order
 * and totalResults that the in-memory evaluator computes from the same resources.
 */
public abstract class OracleChecks extends PerBackendServiceTest {
    static final long SEED = 20181122L;
    static final int IDENTITIES = 300;
    static final int FILTERS = 400;

    private List<JsonNode> all;
    private RandomFilters filters;

    @BeforeParameterizedClassInvocation
    void seed() {
        TestDatabase.deleteUsers();
        deleteGroups("oracle-");
        Random random = new Random(SEED);
        List<String> ids = new ArrayList<>();
        for (int n = 0; n < IDENTITIES; n++) {
            Response r = scim.post("/Users", RandomFilters.randomUser(random, n));
            assertThat(r.status()).as(r.toString()).isEqualTo(201);
            ids.add(r.id());
        }
        for (int g = 0; g < 3; g++) {
            ObjectNode group = JSON.createObjectNode();
            group.putArray("schemas").add(GROUP_URN);
            group.put("displayName", "oracle-" + (char) ('A' + g));
            var members = group.putArray("members");
            for (String id : ids) {
                if (random.nextInt(4) == 0) {
                    members.addObject().put("value", id);
                }
            }
            assertThat(scim.post("/Groups?excludedAttributes=members", group).status()).isEqualTo(201);
        }
        Response everyone = scim.get("/Users?count=1000");
        all = new ArrayList<>();
        everyone.body().path("Resources").forEach(all::add);
        assertThat(all).hasSize(IDENTITIES);
        filters = new RandomFilters(new Random(SEED + 1), all);
    }

    @Test
    void dotSearchAnswersLikeGet() {
        String filter = "userType eq \"type c\" and not (active eq false)";
        Response get = scim.get("/Users?attributes=userName&sortBy=userName&count=7&filter=" + q(filter));
        ObjectNode search = JSON.createObjectNode();
        search.putArray("schemas").add("urn:ietf:params:scim:api:messages:2.0:SearchRequest");
        search.put("filter", filter).put("sortBy", "userName").put("count", 7).putArray("attributes").add("userName");
        Response post = scim.post("/Users/.search", search);
        assertThat(post.status()).isEqualTo(200);
        assertThat(post.body()).isEqualTo(get.body());
        assertThat(get.body().path("Resources")).hasSize(7);
    }

    @Test
    void groupFiltersOnMembersAndNames() {
        String member = all.get(0).path("id").asText();
        long expected = all.get(0).path("groups").size();
        Response byMember = scim.get("/Groups?excludedAttributes=members&filter=" + q("members.value eq \"" + member + "\""));
        assertThat(byMember.body().path("totalResults").asLong()).isEqualTo(expected);
        Response byName = scim.get("/Groups?attributes=displayName&sortBy=displayName&sortOrder=descending&filter="
                + q("displayName sw \"ORACLE-\" and not (displayName eq \"oracle-b\")"));
        assertThat(byName.body().path("Resources").findValuesAsText("displayName")).containsExactly("oracle-C", "oracle-A");
        Response byMemberName = scim.get("/Groups?attributes=displayName&filter="
                + q("members[display eq \"" + all.get(0).path("userName").asText().toUpperCase(Locale.ROOT) + "\"]"));
        assertThat(byMemberName.body().path("totalResults").asLong()).isEqualTo(expected);
    }

    @Test
    void randomFiltersSortsAndPagesMatchTheOracle() {
        FilterResolver resolver = new FilterResolver(ScimSchemas.USER_TYPE);
        FilterEvaluator oracle = new FilterEvaluator(ScimSchemas.USER_TYPE);
        int nonEmpty = 0;
        int searches = 0;
        long engineBefore = store instanceof IndexedIdentityStore indexed
                ? indexed.status(JSON.createObjectNode()).path("engineSearches").asLong() : 0;
        for (int i = 0; i < FILTERS; i++) {
            String filter = filters.filter();
            RandomFilters.Sort sort = filters.sort();
            int startIndex = filters.startIndex();
            int count = filters.count();
            String request = "/Users?filter=" + q(filter) + (sort == null ? "" : "&sortBy=" + q(sort.path())
                    + "&sortOrder=" + sort.order()) + "&startIndex=" + startIndex + "&count=" + count
                    + "&attributes=id";
            Expr expr = resolver.parse(filter);
            searches += KeyLookups.isKeyLookup(expr) ? 0 : 1;
            SortSpec spec = sort == null ? null : resolver.sort(sort.path(), sort.order());
            List<JsonNode> expected = all.stream().filter(r -> oracle.matches(expr, r))
                    .sorted(oracle.ordering(spec)).toList();
            List<String> expectedPage = expected.stream().skip(startIndex - 1L).limit(count)
                    .map(r -> r.path("id").asText()).toList();

            Response actual = scim.get(request);
            String context = "#" + i + " " + request + " -> " + actual.status() + " " + actual.body().path("detail");
            assertThat(actual.status()).as(context).isEqualTo(200);
            assertThat(actual.body().path("totalResults").asLong()).as(context).isEqualTo(expected.size());
            List<String> actualPage = new ArrayList<>();
            actual.body().path("Resources").forEach(r -> actualPage.add(r.path("id").asText()));
            assertThat(actualPage).as(context).containsExactlyElementsOf(expectedPage);
            nonEmpty += expected.isEmpty() ? 0 : 1;
        }
        // The generator must exercise real matches, not only empty results.
        assertThat(nonEmpty).isGreaterThan(FILTERS / 3);
        if (store instanceof IndexedIdentityStore indexed) {
            // Every list request above but the key lookups ran on the engine; none fell back to the database.
            ObjectNode status = indexed.status(JSON.createObjectNode());
            assertThat(status.path("searchFallbacks").asLong()).as(status.toString()).isZero();
            assertThat(status.path("engineSearches").asLong() - engineBefore).as(status.toString()).isEqualTo(searches);
            assertThat(searches).isGreaterThan(FILTERS * 9 / 10);
            assertThat(IndexConsistency.check(store, indexed.index()).consistent()).isTrue();
        }
    }
}
