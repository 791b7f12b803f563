package io.idbench.run;

import io.idbench.cli.KeycloakCommand;
import io.idbench.cli.TargetCommand;
import io.idbench.config.ConfigException;
import io.idbench.config.Parameters;
import io.idbench.config.ScenarioResolver;
import io.idbench.config.TargetKind;
import io.idbench.provision.BuildInfo;
import io.idbench.targets.KeycloakDistribution;
import io.idbench.targets.KeycloakSetup;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** Keycloak ({@code idbench keycloak}): its database on idbench's PostgreSQL (or H2), seeded over SCIM, tokens from its realm. */
final class KeycloakTarget implements RunTarget {
    static final String DB = "keycloak.db";
    static final String SEED = "keycloak.seed";
    /** JMeter's property: the path of the realm's Admin REST API, which plan 6 measures beside SCIM. */
    static final String ADMIN_PATH = "admin.path";

    @Override
    public TargetKind kind() {
        return TargetKind.KEYCLOAK;
    }

    @Override
    public String product() {
        return "Keycloak";
    }

    @Override
    public TargetCommand command() {
        return new KeycloakCommand();
    }

    /** Where its PostgreSQL comes from, as for idbench's service. */
    @Override
    public List<String> serviceParameters() {
        return List.of("db.provider", "db.url", "db.user", "db.password", "pgDataDir", "pg.sharedBuffers", ServeArguments.FRESH);
    }

    @Override
    public List<String> ownParameters() {
        return List.of(DB, SEED);
    }

    /** Its distribution, unpacked by the run when the build had no -Ptarget-keycloak: the scenario alone says Keycloak. */
    @Override
    public void install(PrintStream out) throws IOException, InterruptedException {
        KeycloakDistribution.ensure(Path.of(BuildInfo.keycloakDistDirectory()), out);
    }

    @Override
    public List<String> arguments(ScenarioResolver.Resolved resolved, RunSettings settings, RunDirectory run) {
        String db = database(resolved);
        List<String> args = new ArrayList<>();
        ServeArguments.addFresh(resolved, args);
        for (String key : serviceParameters()) {
            String v = resolved.get(key);
            if (!key.equals(ServeArguments.FRESH) && !v.isEmpty()) {
                args.add(Parameters.get(key).orElseThrow().serveOption() + "=" + v);
            }
        }
        args.add("--keycloak-db=" + db);
        args.add("--seed-method=" + resolved.get(SEED).trim());
        if (settings.seededUsers() > 0) {
            args.add("--users=" + settings.seededUsers());
            args.add("--ids-file=" + run.idsFile());
        }
        args.add("--keycloak-heap=" + settings.serviceHeap);
        args.add("--info-file=" + run.serviceInfo());
        args.add("--stop-with-parent");
        return ServeArguments.checked(command(), args);
    }

    /** keycloak.db, checked: postgres or h2. */
    static String database(ScenarioResolver.Resolved resolved) {
        String db = resolved.get(DB).trim();
        if (!db.equals(KeycloakSetup.DB_POSTGRES) && !db.equals(KeycloakSetup.DB_H2)) {
            throw new ConfigException(DB + " must be " + KeycloakSetup.DB_POSTGRES + " or " + KeycloakSetup.DB_H2 + ", was '" + db + "'");
        }
        return db;
    }

    @Override
    public String measured(ScenarioResolver.Resolved resolved, RunSettings s) {
        return "Target: Keycloak " + KeycloakSetup.VERSION + " (provisioned, its database " + database(resolved) + "), "
                + (s.seededUsers() == 0 ? "an empty realm" : String.format("%,d", s.seededUsers()) + " identities " + seeded(resolved));
    }

    /** How the identities get there, as keycloak.seed says (a kept dataset is cloned either way). */
    private static String seeded(ScenarioResolver.Resolved resolved) {
        boolean sql = switch (resolved.get(SEED).trim()) {
            case "sql" -> true;
            case "scim" -> false;
            default -> database(resolved).equals(KeycloakSetup.DB_POSTGRES) && !resolved.get("db.provider").trim().equals("external");
        };
        return sql ? "loaded into its tables" : "seeded over SCIM";
    }

    @Override
    public void handOver(Started s) throws IOException, InterruptedException {
        OtherTarget target = new OtherTarget(s.run(), s.record(), s.out());
        target.appendProduct(s.a());
        Properties admin = new Properties();
        admin.setProperty(ADMIN_PATH, "/admin/realms/" + KeycloakSetup.DEFAULT_REALM);
        TargetProperties.append(s.run(), admin, "Keycloak's Admin REST API, on the same server (plan keycloak-team)");
        target.probe(Long.parseLong(s.state().parameters().getOrDefault(Parameters.USERS, "0")), s.a().ready().product().notes());
    }
}
