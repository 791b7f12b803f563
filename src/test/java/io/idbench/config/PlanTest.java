package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The plans are the JMeter plans in jmeter/, named as scenario names and the workload's numbering have them. */
class PlanTest {
    @Test
    void everyPlanIsAJmeterPlanOfItsId() {
        for (Plan p : Plan.values()) {
            assertThat(Path.of("jmeter", p.id() + ".jmx")).as(p.name()).exists();
            assertThat(Plan.parse(p.id().toUpperCase(Locale.ROOT))).isSameAs(p);
            assertThat(p).hasToString(p.id());
        }
    }

    @Test
    void everyPlanHasItsGeneratorScriptsAndItsSectionInTheWorkloadDoc() throws Exception {
        String workload = Files.readString(Path.of("docs/workload.md"));
        for (Plan p : Plan.values()) {
            assertThat(Path.of("jmeter/src", p.id().replace('-', '_') + ".py")).as(p + "'s generator").exists();
            assertThat(workload).as("docs/workload.md's section of plan " + p.number())
                    .contains("## Plan " + p.number() + " — `jmeter/" + p.id() + ".jmx`");
            assertThat(p.origin()).as(p + "'s origin, the site's heading").isNotBlank();
        }
    }

    @Test
    void onlyTheFirstPlanLeavesItsScenariosUnprefixed() {
        assertThat(Plan.HETEROGENEOUS.scenarioPrefix()).isEmpty();
        assertThat(Plan.QUERY_VALUES.scenarioPrefix()).isEqualTo("query-values-");
    }

    @Test
    void anUnknownPlanIsRefusedWithThePlansInTheirOrder() {
        assertThatThrownBy(() -> Plan.parse("soak")).isInstanceOf(ConfigException.class)
                .hasMessage(
                        "plan must be one of heterogeneous, read-flood, members, query-values, provisioning, keycloak-team, was 'soak'");
    }
}
