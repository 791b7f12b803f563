package io.idbench.cli;

import io.idbench.config.ConfigException;
import io.idbench.config.Grant;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.BuildInfo;
import io.idbench.record.Service;
import io.idbench.targets.KeycloakRealm;
import io.idbench.targets.KeycloakSetup;
import io.idbench.targets.ScimSeeder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code idbench keycloak}: provisions Keycloak as a benchmark target (its database on idbench's
 * own PostgreSQL, or H2), configures a realm, its SCIM API and a client for the plans, and runs
 * until Ctrl-C or SIGTERM, then stops Keycloak and PostgreSQL.
 */
@Command(name = "keycloak", mixinStandardHelpOptions = true, defaultValueProvider = ParameterDefaults.class, sortOptions = false,
        description = {"Starts Keycloak " + KeycloakSetup.VERSION + " as a SCIM 2.0 target, configured for the workload.",
                "It runs from the distribution on Maven Central (unpacked by a build with -Ptarget-keycloak), loopback only,",
                "--cache=local, with the scim-api feature; its database is on idbench's PostgreSQL (a database of its own,",
                "created afresh) or H2. Configures a realm with the SCIM API, the user-profile attributes the workload's",
                "identities carry, and a confidential client (client credentials) whose tokens the SCIM API accepts.",
                "Runs until Ctrl-C or SIGTERM, then stops everything it started."},
        footer = {"", "Example:", "  java -jar target/idbench.jar keycloak --info-file=/tmp/kc.json",
                "  then: token from tokenUrl with clientId/clientSecret of /tmp/kc.json; SCIM at its baseUrl"})
public final class KeycloakCommand implements TargetCommand {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOptions database;

    @Mixin
    ServedUntilStopped lifecycle;

    @Option(names = "--keycloak-db", paramLabel = "<db>", defaultValue = KeycloakSetup.DB_POSTGRES,
            description = "Keycloak's database: postgres (idbench's PostgreSQL, --db-* options) or h2 (default: ${DEFAULT-VALUE}).")
    String keycloakDb;

    @Option(names = "--keycloak-home", paramLabel = "<dir>",
            description = "The unpacked distribution, keycloak-" + KeycloakSetup.VERSION + " (default: the one this build unpacked).")
    Path home;

    @Option(names = "--keycloak-heap", paramLabel = "<size>", defaultValue = KeycloakSetup.DEFAULT_HEAP,
            description = "Keycloak's JVM heap, fixed (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--realm", paramLabel = "<realm>", defaultValue = KeycloakSetup.DEFAULT_REALM,
            description = "The realm the plans use (default: ${DEFAULT-VALUE}).")
    String realm;

    @Option(names = "--client-id", paramLabel = "<id>", defaultValue = KeycloakSetup.DEFAULT_CLIENT_ID,
            description = "The confidential client the plans authenticate as (default: ${DEFAULT-VALUE}).")
    String clientId;

    @Option(names = "--users", paramLabel = "<n>", defaultValue = "0",
            description = "Seed user.1 … user.N (the workload's identities, groups hr and employee with all of them; --seed-method), "
                    + "then check the realm holds them; on idbench's PostgreSQL the seeded database is kept as a dataset that "
                    + "later runs of this size clone (default: ${DEFAULT-VALUE}: an empty realm).")
    long users;

    @Option(names = "--ids-file", paramLabel = "<file>",
            description = "With --users: write the ids Keycloak assigned as CSV (id,userName), for the plans (default: none).")
    Path idsFile;

    @Option(names = "--fresh", description = "Seed again even when the dataset of this size is kept (default: clone it).")
    boolean fresh;

    @Option(names = "--seed-method", paramLabel = "<how>", defaultValue = KeycloakStack.SEED_AUTO,
            description = "How --users are seeded: sql (written into Keycloak's tables while it is stopped, as its SCIM API writes"
                    + " them: 200,000 in about a minute), scim (over its SCIM API, one identity at a time: about 160 a second), or auto:"
                    + " sql where idbench's PostgreSQL holds Keycloak's database, scim otherwise (default: ${DEFAULT-VALUE}).")
    String seedMethod;

    @Option(names = "--seed-parallelism", paramLabel = "<n>", defaultValue = "" + ScimSeeder.DEFAULT_PARALLELISM,
            description = "Requests in flight while seeding (default: ${DEFAULT-VALUE}).")
    int seedParallelism;

    @Option(names = "--info-file", paramLabel = "<file>",
            description = "Write the SCIM base URL, token URL, client id and secret as JSON (mode 0600) once ready.")
    Path infoFile;

    /** Validates the options as {@link #call} would use them (a {@link io.idbench.config.ConfigException} otherwise). */
    @Override
    public void check() {
        setup();
        if (users < 0) {
            throw new ConfigException("--users must be at least 0, was " + users);
        }
        if (!KeycloakStack.SEED_METHODS.contains(seedMethod)) {
            throw new ConfigException("--seed-method must be one of " + String.join(", ", KeycloakStack.SEED_METHODS) + ", was '"
                    + seedMethod + "'");
        }
        if (seedMethod.equals(KeycloakStack.SEED_SQL) && keycloakDb.equals(KeycloakSetup.DB_H2)) {
            throw new ConfigException("--seed-method=sql needs Keycloak's database on PostgreSQL, not --keycloak-db=h2");
        }
        if (seedParallelism < 1 || seedParallelism > 64) {
            throw new ConfigException("--seed-parallelism must be between 1 and 64, was " + seedParallelism);
        }
        database.apply(ScenarioConfig.builder()).build();
    }

    KeycloakSetup setup() {
        Path dist = home != null ? home : Path.of(BuildInfo.keycloakDistDirectory()).resolve("keycloak-" + KeycloakSetup.VERSION);
        return new KeycloakSetup(dist, Path.of(KeycloakSetup.DEFAULT_WORK_ROOT), heap, keycloakDb,
                realm, clientId);
    }

    @Override
    public Integer call() throws Exception {
        check();
        KeycloakSetup setup = setup();
        PrintWriter out = spec.commandLine().getOut();
        return lifecycle.run("Keycloak", out, started -> {
            KeycloakStack.Started k = new KeycloakStack(new KeycloakStack.Options(setup, database.apply(ScenarioConfig.builder()).build(),
                    users, fresh, seedParallelism, idsFile, seedMethod), out, started).start();
            out.println("Stop with Ctrl-C (or SIGTERM): Keycloak and PostgreSQL stop together.");
            out.flush();
            if (infoFile != null) {
                writeInfo(setup, k);
            }
        });
    }

    private void writeInfo(KeycloakSetup setup, KeycloakStack.Started k) throws IOException {
        KeycloakRealm.Client client = k.client();
        Service.Product product = new Service.Product("Keycloak", KeycloakSetup.VERSION, k.db().description(), setup.heap(),
                "--features=scim-api --cache=local", k.keycloak().startup().toMillis() / 1000.0, client.notes());
        // Keycloak's own database, whose statement statistics a staged plan reads (the file is private: it holds the password).
        ReadyFile.DatabaseAccess database = k.db().jdbc().map(j -> new ReadyFile.DatabaseAccess(j.url(), j.user(), j.password()))
                .orElse(null);
        new ReadyFile(client.scimUrl(), null, "", null, null, null, null, ProcessHandle.current().pid(), null, null, null, k.providers(),
                database,
                new ReadyFile.TokenEndpoint(client.tokenUrl(), Grant.CLIENT_CREDENTIALS, client.clientId(), client.clientSecret()),
                product, k.seed()).write(infoFile);
    }
}
