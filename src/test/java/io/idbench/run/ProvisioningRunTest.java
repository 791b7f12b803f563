package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.config.PasswordHash;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.record.RunStatus;
import io.idbench.service.PasswordHasher;
import io.idbench.service.ScimServer;
import io.idbench.service.TokenService;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.support.FaultyScimProxy;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Plan 5 as a user runs it against a store that is wrong in one way each time (a proxy spoils one kind of PATCH on its way to
 * idbench's service): the audit after the cycle catches it, and the build fails naming the object.
 */
@StartsServers
class ProvisioningRunTest extends ProjectBuildTestBase {
    private static final String TOKEN = "provisioning-run-token-0123456789";
    private static IdentityStore store;
    private static ScimServer service;

    @BeforeAll
    static void service() {
        TestDatabase.reset();
        store = IdentityStores.open(Storage.JSONB, TestDatabase.pool(), Json.mapper());
        service = ScimServer.start(ScenarioConfig.builder().withStorage(Storage.JSONB).build(), store,
                new TokenService(TOKEN, "admin", "admin-password-0123", 60, Clock.systemUTC()), PasswordHasher.of(PasswordHash.SSHA256, 4));
    }

    @AfterAll
    static void stop() {
        service.close();
        store.close();
    }

    @ParameterizedTest(name = "{0} against a store that {1}")
    @CsvSource({"okta, DROPS_ONE_OF_SEVERAL_REMOVALS, 0, group, 'members, meant'",
            "entra, IGNORES_FALSE_AS_TEXT, 50, user, ': active true, meant false'"})
    void theAuditCatchesTheWrongStoreAndTheRunFailsNamingTheObject(String client, FaultyScimProxy.Fault fault, int present,
            String object, String finding) throws Exception {
        String runId = "wrong-" + client;
        Path log = tmp.resolve(runId + ".log");
        try (FaultyScimProxy proxy = FaultyScimProxy.start(service.baseUrl(), fault)) {
            // Movers and deactivations only: many removals of one group in one Okta PATCH, many of Entra's "False"; Entra finds
            // half of its users present before the initial cycle, which the faults leave alone.
            Process mvn = verify(log, "-Dplan=provisioning", "-Dclient=" + client, "-Dtarget.url=" + proxy.baseUrl(),
                    "-Dtarget.token=" + TOKEN, "-Dusers=120", "-Dthreads=2", "-Dprovisioning.groups=3", "-Dprovisioning.changes=60",
                    "-Dprovisioning.rate=0", "-Dprovisioning.mix=movers=70,deactivations=30", "-Dprovisioning.present=" + present,
                    "-DrunId=" + runId);
            assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the build ends").isTrue();
            String output = Files.readString(log);
            assertThat(mvn.exitValue()).as(output).isNotZero();
            String prefix = "prov-" + runId;
            assertThat(output).contains("the audit after cycle 1 found the target's state other than the cycles meant: " + object + " "
                    + prefix).contains(finding).contains("Initial cycle: ").contains("audit: the target holds what it meant");
            JsonNode summary = summary("external", runId);
            assertThat(summary.path("status").asText()).isEqualTo(RunStatus.FAILED.word());
            JsonNode cycle1 = null;
            for (JsonNode c : summary.path("provisioning").path("cycles")) {
                cycle1 = c.path("cycle").asInt() == 1 ? c : cycle1; // after cycle -1 (present users, when any) and the initial 0
            }
            assertThat(cycle1).as("cycle 1 in the record").isNotNull();
            List<String> audit = Json.mapper().convertValue(cycle1.path("audit"),
                    Json.mapper().getTypeFactory().constructCollectionType(List.class, String.class));
            assertThat(audit).isNotEmpty().allSatisfy(a -> assertThat(a).startsWith(object + " " + prefix).contains(finding));
        }
    }
}
