package io.idbench.targets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.config.Storage;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.QueryAnswers;
import io.idbench.seed.SeedProgress;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.StartsServers;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The capability and fidelity probe against a target that does everything the workload asks
 * (idbench's own service): its discovery documents are recorded, and the only difference found is
 * one it declares itself. The probe identity is gone afterwards. Seeded, it counts plan 4's queries
 * right, and an identity missing from the seeded ones shows as a wrong count.
 */
@StartsServers
class TargetProbeTest extends ServiceTestBase {
    private static final int USERS = 200;

    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }

    @Test
    void recordsTheDiscoveryDocumentsAndFindsNothingMissingInAFaithfulTarget() {
        JsonNode probe = Json.mapper().valueToTree(new TargetProbe(new ScimClient(server.baseUrl(), TokenSource.fixed(TOKEN))).probe());
        assertThat(probe.path("serviceProviderConfig").path("patch").path("supported").asBoolean()).isTrue();
        assertThat(probe.path("resourceTypes").toString()).contains("\"User\"", "\"Group\"");
        assertThat(probe.path("schemas").toString()).contains("urn:ietf:params:scim:schemas:core:2.0:User");
        assertThat(probe.path("differences")).as(probe.path("differences").toString()).isEmpty();
        assertThat(scim.get("/Users?filter=userName%20sw%20%22Probe.%22").body().path("totalResults").asLong())
                .as("the probe identity is deleted").isZero();
    }

    @Test
    void asksPlanFoursQueriesOfTheSeededIdentitiesAndSaysWhenACountIsWrong() throws Exception {
        ScimClient client = new ScimClient(server.baseUrl(), TokenSource.fixed(TOKEN));
        ScimSeeder.Result seeded = new ScimSeeder(client, new IdentityGenerator(Json.mapper()), 4, SeedProgress.NONE).seed(USERS);
        assertThat(new TargetProbe(client).probe(USERS).differences()).as("a faithful target counts right").isEmpty();

        // The last identity of the queried type lies above every floor with an answer: without it, the range query is one short.
        int last = IntStream.rangeClosed(1, USERS).map(n -> USERS + 1 - n)
                .filter(n -> IdentityGenerator.userType(n).equals(QueryAnswers.QUERIED_TYPE)).findFirst().orElseThrow();
        assertThat(client.delete("/Users/" + seeded.ids().get(last - 1)).status()).isEqualTo(204);
        long expected = QueryAnswers.rows(USERS, QueryAnswers.ROWS).stream().filter(r -> r.aboveFloor() > 0).findFirst()
                .orElseThrow().aboveFloor();
        List<String> differences = new ArrayList<>();
        differences.addAll(new TargetProbe(client).probe(USERS).differences());
        assertThat(differences)
                .anySatisfy(d -> assertThat(d).endsWith("found " + (expected - 1) + ", the seeded identities hold " + expected
                        + ": plan 4's \"Query by type and value range\" fails its count check, every sample an error"));
    }
}
