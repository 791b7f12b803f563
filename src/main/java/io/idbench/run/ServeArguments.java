package io.idbench.run;

import io.idbench.cli.KeycloakCommand;
import io.idbench.cli.OpenldapCommand;
import io.idbench.cli.ServeCommand;
import io.idbench.config.ConfigException;
import io.idbench.service.TokenService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * The options of the service a run starts ({@code idbench serve}, or {@code idbench keycloak}), from the run's parameters,
 * validated by that command's own configuration before anything starts: the same messages as on the command line.
 */
final class ServeArguments {
    private static final String FRESH = "fresh";
    private static final String DYN = "dyn";

    private ServeArguments() {
    }

    /** {@code serve}'s options: every service parameter set, a fresh token (and token key for replicas), the admin's login. */
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
            } else {
                args.add(p.serveOption() + "=" + (p.key().equals(DYN) ? resolved.flag(DYN) : v));
            }
        }
        args.add("--token=" + TokenService.randomToken());
        if (Integer.parseInt(resolved.get("instances")) > 1) {
            args.add("--token-key=" + TokenService.randomToken()); // shared by the replicas, which copy these arguments
        }
        args.addAll(AdminLogin.generate().serveOptions());
        args.add("--info-file=" + infoFile);
        args.add("--stop-with-parent");
        ServeCommand serve = new ServeCommand();
        parse(serve, args);
        serve.config();
        return args;
    }

    /** Keycloak's provisioning options ({@code idbench keycloak}): its PostgreSQL, size, heap. */
    static List<String> keycloak(ScenarioResolver.Resolved resolved, RunSettings settings, RunDirectory run) {
        List<String> args = new ArrayList<>();
        for (String key : Parameters.KEYCLOAK_OPTIONS) {
            String v = resolved.get(key);
            if (key.equals(FRESH)) {
                if (resolved.flag(FRESH)) {
                    args.add("--fresh");
                }
            } else if (!v.isEmpty()) {
                args.add(Parameters.get(key).orElseThrow().serveOption() + "=" + v);
            }
        }
        args.add("--keycloak-db=" + settings.keycloakDb);
        if (settings.users > 0) {
            args.add("--users=" + settings.users);
            args.add("--ids-file=" + run.idsFile());
        }
        args.add("--keycloak-heap=" + settings.serviceHeap);
        args.add("--info-file=" + run.serviceInfo());
        args.add("--stop-with-parent");
        KeycloakCommand keycloak = new KeycloakCommand();
        parse(keycloak, args);
        keycloak.check();
        return args;
    }

    /** OpenLDAP's provisioning options ({@code idbench openldap}): its size, whether its dataset is loaded anew. */
    static List<String> openldap(ScenarioResolver.Resolved resolved, RunSettings settings, RunDirectory run) {
        List<String> args = new ArrayList<>();
        if (resolved.flag(FRESH)) {
            args.add("--fresh");
        }
        args.add("--users=" + settings.users);
        args.add("--work-dir=" + run.dir().resolve("openldap"));
        args.add("--info-file=" + run.serviceInfo());
        args.add("--stop-with-parent");
        OpenldapCommand openldap = new OpenldapCommand();
        parse(openldap, args);
        openldap.check();
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
