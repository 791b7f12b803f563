package io.idbench.run;

import io.idbench.cli.Idbench;
import picocli.CommandLine;

/**
 * The jar's entry point ({@code java -jar target/idbench.jar <command>}): idbench's commands, {@code run} among them. It lives
 * in the outermost layer because {@code run} does: the command line's own commands know nothing of the run.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** Every command of the jar. */
    public static CommandLine commandLine() {
        return Idbench.commandLine(new RunCommand());
    }
}
