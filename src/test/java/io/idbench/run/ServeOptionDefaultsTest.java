package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.cli.ServeCommand;
import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A service parameter is declared once ({@link Parameters#ALL}) and seen two ways: the run's parameter and {@code idbench
 * serve}'s option, whose default comes from the declaration (cli/ParameterDefaults), not from the option's annotation.
 */
class ServeOptionDefaultsTest {
    static List<Parameter> serviceParameters() {
        return Parameters.where(Parameter::provisioning);
    }

    @ParameterizedTest
    @MethodSource("serviceParameters")
    void itsServeOptionExistsAndTakesTheDeclaredDefault(Parameter p) {
        CommandLine serve = new CommandLine(new ServeCommand());
        OptionSpec option = serve.getCommandSpec().findOption(p.serveOption());
        assertThat(option).as("idbench serve " + p.serveOption() + " for -D" + p.key()).isNotNull();
        if (!p.defaultValue().isEmpty()) {
            assertThat(option.defaultValue()).as("serve's " + p.serveOption() + " writes no default of its own").isNull();
            assertThat(option.defaultValueString()).as("the default of serve's " + p.serveOption()).isEqualTo(p.defaultValue());
        }
    }

    @ParameterizedTest
    @MethodSource("serviceParameters")
    void anOptionNotGivenIsTheDeclaredDefault(Parameter p) {
        CommandLine serve = new CommandLine(new ServeCommand());
        serve.parseArgs();
        Object value = serve.getCommandSpec().findOption(p.serveOption()).getValue();
        assertThat(value == null ? "" : String.valueOf(value)).as(p.serveOption()).isEqualTo(p.defaultValue());
    }
}
