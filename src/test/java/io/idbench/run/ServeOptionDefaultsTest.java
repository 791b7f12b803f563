package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.cli.ServeCommand;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A service parameter is one declaration seen three ways: the run's parameter ({@link Parameters#ALL}), {@code idbench serve}'s
 * option, and {@code ScenarioConfig}'s default behind both. Each run parameter names its option, and the defaults agree.
 */
class ServeOptionDefaultsTest {
    static List<Parameter> serviceParameters() {
        return Parameters.ALL.stream().filter(Parameter::provisioning).toList();
    }

    @ParameterizedTest
    @MethodSource("serviceParameters")
    void itsServeOptionExistsAndDefaultsAlike(Parameter p) {
        OptionSpec option = new CommandLine(new ServeCommand()).getCommandSpec().findOption(p.serveOption());
        assertThat(option).as("idbench serve " + p.serveOption() + " for -D" + p.key()).isNotNull();
        if (option.defaultValue() != null) {
            assertThat(option.defaultValue()).as("the default of -D" + p.key() + " and of serve's " + p.serveOption())
                    .isEqualTo(p.defaultValue());
        } else if (option.typeInfo().isBoolean()) {
            assertThat(p.defaultValue()).as("-D" + p.key() + ", a flag of serve's").isEqualTo("false");
        } // else serve leaves it to ScenarioConfig's builder, whose DEFAULT_ constant Parameters names too

    }
}
