package io.idbench.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The provisioning clients' requests asked of a target that stores nothing (the SCIM stub): what it refuses and what it reads
 * otherwise than the client means it are named, client by client. Against idbench's own service the same probe finds nothing
 * (TargetProbeTest).
 */
class DialectProbeTest {
    @Test
    void aTargetThatKeepsNothingIsCaughtRequestByRequest() throws Exception {
        try (ScimStub stub = ScimStub.start(0, 2, false)) {
            List<String> differences = new DialectProbe(new ScimClient(stub.baseUrl(), TokenSource.fixed("any"))).differences();
            assertThat(differences).as(String.join("\n", differences))
                    .anySatisfy(d -> assertThat(d).startsWith("provisioning clients: an empty group could not be created: 404"))
                    .anySatisfy(d -> assertThat(d).startsWith("Entra ID's default PATCH of active as text accepted but active is"));
        }
    }
}
