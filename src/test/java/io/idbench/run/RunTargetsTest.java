package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.cli.Idbench;
import io.idbench.config.Parameters;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioResolver;
import io.idbench.config.TargetKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

/** Every target kind has every piece a run needs: a new kind that lacks one fails here, not in a run. */
class RunTargetsTest {
    @ParameterizedTest
    @EnumSource(TargetKind.class)
    void eachKindHasItsRunTarget(TargetKind kind) {
        RunTarget target = RunTargets.of(kind);
        assertThat(target.kind()).isEqualTo(kind);
        assertThat(target.product()).isNotBlank();
    }

    @ParameterizedTest
    @EnumSource(TargetKind.class)
    void itsProvisioningCommandIsOneOfIdbenchs(TargetKind kind) {
        RunTarget target = RunTargets.of(kind);
        CommandLine idbench = new CommandLine(new Idbench());
        assertThat(idbench.getSubcommands()).as("idbench's subcommands (register its command in Idbench)")
                .containsKey(target.commandName());
        Object registered = idbench.getSubcommands().get(target.commandName()).getCommand();
        assertThat(registered).isInstanceOf(target.command().getClass());
    }

    @ParameterizedTest
    @EnumSource(TargetKind.class)
    void theParametersItTakesAreKnownAndItsOwnAreNobodyElses(TargetKind kind) {
        RunTarget target = RunTargets.of(kind);
        assertThat(target.serviceParameters()).allSatisfy(key -> assertThat(Parameters.get(key)).as(key).hasValueSatisfying(
                p -> assertThat(p.provisioning()).as(key + " is a parameter of idbench's service").isTrue()));
        assertThat(target.ownParameters()).allSatisfy(key -> assertThat(Parameters.get(key)).as(key).isPresent());
        RunTargets.all().stream().filter(other -> other.kind() != kind).forEach(other -> assertThat(other.ownParameters())
                .as("parameters of " + kind + " and " + other.kind()).noneMatch(target.ownParameters()::contains));
    }

    @ParameterizedTest
    @EnumSource(TargetKind.class)
    void somePlanIsWrittenInItsProtocol(TargetKind kind) {
        assertThat(Arrays.stream(Plan.values()).map(p -> Path.of("jmeter", kind.protocol().planFile(p))).filter(Files::isRegularFile))
                .as("plans in jmeter/ for " + kind.protocol().words()).isNotEmpty();
    }

    @ParameterizedTest
    @EnumSource(TargetKind.class)
    void aProductIsSelectedByAProfileOfItsName(TargetKind kind) {
        assertThat(kind.profile()).isEqualTo(kind.ownService() ? null : "target-" + kind.id());
        if (kind.profile() != null) {
            assertThat(ScenarioResolver.PROFILES).containsEntry(kind.profile(), java.util.Map.entry("target", kind.id()));
        }
    }
}
