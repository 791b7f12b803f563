package io.idbench.run;

import io.idbench.cli.ServeCommand;
import io.idbench.cli.TargetCommand;
import io.idbench.config.ConfigException;
import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioResolver;
import io.idbench.service.TokenService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * The options of the service a run starts ({@code idbench serve}), from the run's parameters, and the check every target's
 * options pass: by that command's own configuration, before anything starts, with the same messages as on the command line.
 */
final class ServeArguments {
    static final String FRESH = "fresh";
    private static final String DYN = "dyn";

    private ServeArguments() {
    }

    /** {@code serve}'s options: every service parameter set, a fresh token and token key, the admin's login. */
    static List<String> serve(ScenarioResolver.Resolved resolved, Path infoFile) {
        List<String> args = new ArrayList<>();
        for (Parameter p : Parameters.ALL) {
            String v = resolved.get(p.key());
            if (!p.provisioning() || v.isEmpty()) {
                continue;
            }
            if (p.key().equals(FRESH)) {
                if (resolved.flag(FRESH)) {
                    args.add("--fresh");
                }
            } else if (p.key().equals(Parameters.USERS) && Plan.parse(resolved.get("plan")).neverSeeded()) {
                args.add(p.serveOption() + "=0"); // the plan makes users identities itself, on an empty service
            } else {
                args.add(p.serveOption() + "=" + (p.key().equals(DYN) ? resolved.flag(DYN) : v));
            }
        }
        args.add("--token=" + TokenService.randomToken());
        // Kept in the arguments: replicas copy them, and a service started again for a comparison's next fork (versus.forks)
        // accepts the tokens the plan already holds.
        args.add("--token-key=" + TokenService.randomToken());
        args.addAll(AdminLogin.generate().serveOptions());
        args.add("--info-file=" + infoFile);
        args.add("--stop-with-parent");
        return checked(new ServeCommand(), args);
    }

    /** {@code --fresh} when the run asks for its dataset to be loaded anew. */
    static void addFresh(ScenarioResolver.Resolved resolved, List<String> args) {
        if (resolved.flag(FRESH)) {
            args.add("--fresh");
        }
    }

    /** The arguments, once {@code command} parsed and checked them as it would on the command line. */
    static List<String> checked(TargetCommand command, List<String> args) {
        parse(command, args);
        command.check();
        return args;
    }

    private static void parse(Object command, List<String> args) {
        try {
            new CommandLine(command).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new ConfigException(e.getMessage());
        }
    }
}
