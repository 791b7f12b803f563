package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.config.Plan;
import io.idbench.config.TargetKind;
import io.idbench.record.RunStatus;
import io.idbench.support.StartsServers;
import io.idbench.support.TestSlapd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every plan file a run can play, played by a short run as a user starts it: over SCIM against idbench's service, over LDAP
 * against OpenLDAP (the plans that have an LDAP version). The build passes, the run is complete, and every label of the plan measured samples without an error.
 * Plan 1 over SCIM is {@code BenchmarkLifecycleTest}'s, plan 2's the scale-out test's; the rest are here.
 */
@StartsServers
class PlanFilesRunTest extends ProjectBuildTestBase {
    static Stream<Arguments> planFiles() {
        List<Arguments> out = new ArrayList<>();
        for (TargetKind kind : List.of(TargetKind.IDBENCH, TargetKind.OPENLDAP)) {
            for (Plan plan : Plan.values()) {
                boolean elsewhere = kind == TargetKind.IDBENCH && (plan == Plan.HETEROGENEOUS || plan == Plan.READ_FLOOD);
                boolean written = Files.exists(Path.of("jmeter", kind.protocol().planFile(plan)));
                if (!elsewhere && written) {
                    out.add(Arguments.of(kind, plan));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{1} over {0}")
    @MethodSource("planFiles")
    void aShortRunPlaysItWithoutAnError(TargetKind kind, Plan plan) throws Exception {
        if (kind.setupScript() != null) {
            TestSlapd.installIfMissing();
        }
        String runId = "plan-" + kind + "-" + plan;
        Path log = tmp.resolve(runId + ".log");
        List<String> args = new ArrayList<>(List.of("-Dtarget=" + kind, "-Dplan=" + plan, "-Dusers=1000", "-Dthreads=2", "-Dloops=3",
                "-Drampup=0", "-Dwarmup=0", "-DwarmupMax=0", "-Drepeat=1", "-Dsettle=0", "-DrunId=" + runId));
        if (plan.paced()) {
            // Plan 5 provisions its users itself: a small initial cycle and one short incremental cycle, unpaced.
            args.addAll(List.of("-Dusers=200", "-Dprovisioning.groups=4", "-Dprovisioning.changes=100", "-Dprovisioning.rate=0"));
        }
        if (kind.ownService()) {
            args.addAll(List.of("-DpgDataDir=none", "-Ddb.provider=embedded")); // a product brings its own store
        }
        Process mvn = verify(log, args.toArray(String[]::new));
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the build ends").isTrue();
        assertThat(mvn.exitValue()).as(Files.readString(log)).isZero();
        String scenario = plan.scenarioPrefix() + (plan.paced() ? "entra-" : "") + (kind.ownService() ? "jsonb-nodyn" : kind.id())
                + (plan.paced() ? "-200" : "-1k");
        JsonNode summary = summary(scenario, runId);
        assertThat(summary.path("status").asText()).isEqualTo(RunStatus.COMPLETE.word());
        assertThat(summary.path("parameters").path("plan").asText()).isEqualTo(plan.id());
        JsonNode labels = summary.path("labels");
        assertThat(labels.size()).as("the plan's labels and ALL").isGreaterThan(1);
        labels.fields().forEachRemaining(l -> {
            assertThat(l.getValue().path("samples").asLong()).as(l.getKey() + "'s samples").isPositive();
            assertThat(l.getValue().path("errors").asLong()).as(l.getKey() + "'s errors").isZero();
        });
    }
}
