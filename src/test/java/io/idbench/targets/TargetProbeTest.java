package io.idbench.targets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.config.Storage;
import io.idbench.support.ServiceTestBase;
import org.junit.jupiter.api.Test;

/**
 * The capability and fidelity probe against a target that does everything the workload asks
 * (idbench's own service): its discovery documents are recorded, and the only difference found is
 * one it declares itself. The probe identity is gone afterwards.
 */
class TargetProbeTest extends ServiceTestBase {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }

    @Test
    void recordsTheDiscoveryDocumentsAndFindsNothingMissingInAFaithfulTarget() {
        JsonNode probe = new TargetProbe(new ScimClient(server.baseUrl(), TokenSource.fixed(TOKEN))).probe();
        assertThat(probe.path("serviceProviderConfig").path("patch").path("supported").asBoolean()).isTrue();
        assertThat(probe.path("resourceTypes").toString()).contains("\"User\"", "\"Group\"");
        assertThat(probe.path("schemas").toString()).contains("urn:ietf:params:scim:schemas:core:2.0:User");
        assertThat(probe.path("differences")).as(probe.path("differences").toString()).isEmpty();
        assertThat(scim.get("/Users?filter=userName%20sw%20%22Probe.%22").body().path("totalResults").asLong())
                .as("the probe identity is deleted").isZero();
    }
}
