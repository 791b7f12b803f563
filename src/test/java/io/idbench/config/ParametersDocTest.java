package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.config.Parameter.Role;
import io.idbench.record.Numbers;
import io.idbench.record.RunRecord;
import io.idbench.results.PairedVerdict;
import io.idbench.results.RunNoise;
import io.idbench.results.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The declaration of every parameter ({@link Parameters#ALL}) and what is derived from it: docs/parameters.md's table
 * (written by scripts/parameters-doc.sh), the record's shape and the roles' lists.
 */
class ParametersDocTest {
    private static final Path DOC = Path.of("docs/parameters.md");

    @Test
    void theReferenceIsTheTableWrittenFromTheDeclaration() throws Exception {
        List<String> lines = Files.readAllLines(DOC);
        assertThat(lines).as("docs/parameters.md against io.idbench.config.Parameters.ALL: run scripts/parameters-doc.sh")
                .containsExactlyElementsOf(ParametersDoc.rewritten(lines));
    }

    @Test
    void aRowSaysTheChoicesTheSecrecyTheServeOptionAndTheBounds() {
        assertThat(ParametersDoc.meaning(Parameters.of("storage"))).endsWith("(one of `jsonb`, `relational`) (`--storage`)");
        assertThat(ParametersDoc.meaning(Parameters.of("db.password"))).isEqualTo("its password (*secret*) (`--db-password`)");
        assertThat(ParametersDoc.meaning(Parameters.of("threads"))).endsWith("(1 to 1000)");
        assertThat(ParametersDoc.meaning(Parameters.of("users"))).endsWith("(`--users`) (at least 0)");
    }

    @Test
    void aTableWithoutItsMarkersIsRefused() {
        assertThatThrownBy(() -> ParametersDoc.rewritten(List.of("# Parameters", "| `threads` | `10` |")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("the table's markers are missing: <!--");
    }

    @Test
    void theRecordsShapeIsWhatMakesRunsComparable() {
        assertThat(RunRecord.SHAPE).containsExactly("plan", "threads", "loops", "duration", "rampup", "warmup", "hotset", "rate",
                "storage", "search", "dyn", "users");
        assertThat(RunRecord.LATER_SHAPE).containsOnlyKeys("client", "provisioning.groups", "provisioning.cycles",
                "provisioning.changes", "provisioning.mix", "provisioning.rate", "provisioning.present", "instances",
                "jmeter.remotes", "pg.memory", "search.memory", "search.nodes", "search.shards", "search.replicas");
        RunRecord.LATER_SHAPE.forEach((key, earlier) -> assertThat(earlier).as(key).isEqualTo(Parameters.of(key).defaultValue()));
    }

    @Test
    void everyRoleListsItsParametersInTheirOrder() {
        assertThat(Parameters.keys(Role.AXIS)).containsExactly("storage", "search", "dyn", "users");
        assertThat(Parameters.keys(Role.WORKLOAD)).containsExactly("plan", "client");
        assertThat(Parameters.keys(Role.SECRET)).containsExactly("target.token", "target.clientSecret", "target.password",
                "db.password");
        assertThat(Parameters.where(p -> p.role().comparability()).stream().filter(Parameter::secret)).isEmpty();
    }

    @Test
    void aDeclarationContradictingItselfIsRefused() {
        assertThatThrownBy(() -> new Parameter("x", Parameter.Type.TEXT, "", Role.OPTION, null, "x", new Parameter.Bounds(0, 1),
                List.of(), false)).hasMessage("x: only a number is declared with bounds");
        assertThatThrownBy(() -> new Parameter("x", Parameter.Type.CHOICE, "", Role.OPTION, null, "x", null, List.of(), false))
                .hasMessage("x: a choice, and only a choice, is declared with its values");
        assertThatThrownBy(() -> new Parameter("x", Parameter.Type.TEXT, "", Role.OPTION, null, "x", null, List.of(), true))
                .hasMessage("x: only what makes runs comparable is recorded later");
    }

    /** What a description says of a constant elsewhere is that constant's value. */
    @Test
    void theNumbersDescriptionsNameAreTheCodes() {
        assertThat(Parameters.of("tolerance").defaultValue()).isEqualTo(Numbers.trim(Verdict.DEFAULT_MIN_EFFECT));
        assertThat(Parameters.of("versus.primary").description())
                .contains("they share " + Math.round(PairedVerdict.PRIMARY_SHARE * 100) + "% of its alpha");
        assertThat(Parameters.of("versus.instanceNoise").description()).contains("(at least " + RunNoise.MIN_AA_CHECKS + "), else "
                + Numbers.trim(RunNoise.DEFAULT_INSTANCE_PCT) + "%");
    }

    @Test
    void aTerminalReadsTheDescriptionWithoutMarkdown() {
        assertThat(Parameters.of("rewarm").plainDescription()).endsWith("quiet over it (measured)").doesNotContain("`");
    }
}
