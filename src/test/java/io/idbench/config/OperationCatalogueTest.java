package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The catalogue names every sampler of every plan file, and nothing the plan does not: the labels' meaning is declared once. */
class OperationCatalogueTest {
    private static final String MEMBERS_LABEL = "${membersLabel}";

    static Stream<Arguments> planFiles() {
        List<Arguments> out = new ArrayList<>();
        for (Protocol protocol : Protocol.values()) {
            for (Plan plan : Plan.values()) {
                Path file = Path.of("jmeter").resolve(protocol.planFile(plan));
                if (Files.exists(file)) {
                    out.add(Arguments.of(plan, protocol, file));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("planFiles")
    void everySamplerOfThePlanFileIsOneOfItsOperations(Plan plan, Protocol protocol, Path file) throws Exception {
        Set<String> labels = new LinkedHashSet<>();
        for (String label : samplerLabels(file)) {
            if (label.equals(MEMBERS_LABEL)) {
                labels.addAll(PlanOperations.MEMBERSHIP_LABELS);
            } else {
                labels.add(label);
            }
        }
        assertThat(PlanOperations.of(plan, protocol)).extracting(Operation::label).as(file.toString())
                .containsExactlyInAnyOrderElementsOf(labels);
    }

    @Test
    void theMembershipLabelsAreTheOnesTheProvisioningScriptChooses() throws Exception {
        String script = Files.readString(Path.of("jmeter", "src").resolve("provisioning.groovy"));
        assertThat(script).contains("vars.put('membersLabel'");
        PlanOperations.MEMBERSHIP_LABELS.forEach(label -> assertThat(script).contains("'" + label + "'"));
    }

    /** An old record names its labels only: one label, one kind, in whichever plan it appears. */
    @Test
    void aLabelHasOneKindInEveryPlan() {
        Map<String, OperationKind> kinds = new HashMap<>();
        for (Protocol protocol : Protocol.values()) {
            for (Plan plan : Plan.values()) {
                for (Operation o : PlanOperations.of(plan, protocol)) {
                    OperationKind before = kinds.putIfAbsent(o.label(), o.kind());
                    assertThat(before == null ? o.kind() : before).as(o.label() + " in " + protocol.planFile(plan)).isEqualTo(o.kind());
                }
            }
        }
    }

    @Test
    void theKindsThatWriteAndSearch() {
        assertThat(Stream.of(OperationKind.values()).filter(OperationKind::writes)).containsExactly(OperationKind.CREATE,
                OperationKind.UPDATE, OperationKind.DELETE, OperationKind.MEMBERSHIP);
        assertThat(Stream.of(OperationKind.values()).filter(OperationKind::searches)).containsExactly(OperationKind.SEARCH);
    }

    @Test
    void aLabelTheRunsNeverSampledIsNotFound() {
        assertThat(PlanOperations.find(Plan.HETEROGENEOUS, Protocol.SCIM, "Create new user")).get().extracting(Operation::kind)
                .isEqualTo(OperationKind.CREATE);
        assertThat(PlanOperations.find(Plan.HETEROGENEOUS, Protocol.LDAP, "Authenticate")).isEmpty();
        assertThat(PlanOperations.find(Plan.KEYCLOAK_TEAM, Protocol.SCIM, "Search by e-mail (Admin API)")).get()
                .extracting(Operation::api).isEqualTo(Api.KEYCLOAK_ADMIN);
    }

    private static List<String> samplerLabels(Path file) throws Exception {
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        List<String> out = new ArrayList<>();
        for (String sampler : List.of("HTTPSamplerProxy", "JavaSampler")) {
            NodeList nodes = doc.getElementsByTagName(sampler);
            for (int i = 0; i < nodes.getLength(); i++) {
                out.add(((Element) nodes.item(i)).getAttribute("testname"));
            }
        }
        return out;
    }
}
