package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code idbench --help} lists each command by its first description line: it must read alone. */
class IdbenchHelpTest {
    @Test
    void everyCommandOpensWithOneWholeSentence() {
        CommandLine root = io.idbench.run.Main.commandLine();
        for (CommandLine command : root.getSubcommands().values()) {
            if (command.getCommand() instanceof CommandLine.HelpCommand) {
                continue;
            }
            String[] description = command.getCommandSpec().usageMessage().description();
            String name = command.getCommandName();
            assertThat(description).as(name).isNotEmpty();
            String first = description[0];
            assertThat(root.getSubcommands()).as("the run's command too").containsKey("run");
            assertThat(first).as(name).matches("[A-Z].*\\.").hasSizeLessThanOrEqualTo(Idbench.USAGE_WIDTH - 20);
            assertThat(first.substring(0, first.length() - 1)).as(name + ": one sentence").doesNotContain(". ");
        }
    }
}
