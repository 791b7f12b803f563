package io.idbench.cli;

import io.idbench.config.ConfigException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The idbench command line: {@code java -jar target/idbench.jar <command> [options]}. */
@Command(name = "idbench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Benchmarks identity stores: a SCIM 2.0 service on PostgreSQL, seeded and driven by JMeter.",
        subcommands = {ServeCommand.class, SeedCommand.class, DatasetsCommand.class, KeycloakCommand.class,
                OpenldapCommand.class,
                CompareCommand.class,
                SiteCommand.class,
                EstimateCommand.class, ScimStubCommand.class,
                CpuSamplerCommand.class,
                CommandLine.HelpCommand.class})
public final class Idbench {
    /**
     * Columns of {@code --help}: the descriptions are written as lines of up to this width, and
     * picocli's default of 80 broke each of them in two.
     */
    public static final int USAGE_WIDTH = 120;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The commands; {@code outer} are those of the layers above the command line's (the run's). */
    public static CommandLine commandLine(Object... outer) {
        CommandLine cl = new CommandLine(new Idbench());
        for (Object command : outer) {
            cl.addSubcommand(command);
        }
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setUsageHelpWidth(USAGE_WIDTH);
        cl.setExecutionExceptionHandler(new ErrorHandler());
        // A bad option is one line and exit 2, like every other bad input; --help has the usage.
        cl.setParameterExceptionHandler((e, args) -> {
            CommandLine failed = e.getCommandLine();
            failed.getErr().println("idbench: " + e.getMessage() + " (see " + failed.getCommandSpec().qualifiedName() + " --help)");
            return 2;
        });
        return cl;
    }

    /** Known failures become one line on stderr and a non-zero exit, not a stack trace. */
    static final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
            cl.getErr().println("idbench: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return e instanceof ConfigException ? 2 : 1;
        }
    }
}
