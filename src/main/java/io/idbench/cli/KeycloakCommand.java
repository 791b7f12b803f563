package io.idbench.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.common.PrivateFiles;
import io.idbench.config.ConfigException;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.BuildInfo;
import io.idbench.provision.DeathWatch;
import io.idbench.provision.FreePorts;
import io.idbench.provision.OrphanReaper;
import io.idbench.provision.PostgresProvider;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.SeedProgress;
import io.idbench.seed.UsersCsv;
import io.idbench.service.TokenService;
import io.idbench.targets.KeycloakDatabase;
import io.idbench.targets.KeycloakDataset;
import io.idbench.targets.KeycloakRealm;
import io.idbench.targets.KeycloakServer;
import io.idbench.targets.KeycloakSetup;
import io.idbench.targets.ScimClient;
import io.idbench.targets.ScimSeeder;
import io.idbench.targets.TokenSource;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
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
@Command(name = "keycloak", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Starts Keycloak " + KeycloakSetup.VERSION + " (from its distribution on Maven Central, unpacked by a build with",
                "-Ptarget-keycloak) as a SCIM 2.0 target: loopback only, --cache=local, the scim-api feature, its database on",
                "idbench's PostgreSQL (a database of its own, created afresh) or H2. Configures a realm with the SCIM API, the",
                "user-profile attributes the workload's identities carry, and a confidential client (client credentials) whose",
                "tokens the SCIM API accepts. Runs until Ctrl-C or SIGTERM, then stops everything it started."},
        footer = {"", "Example:", "  java -jar target/idbench.jar keycloak --info-file=/tmp/kc.json",
                "  then: token from tokenUrl with clientId/clientSecret of /tmp/kc.json; SCIM at its baseUrl"})
public final class KeycloakCommand implements Callable<Integer> {
    /** Keycloak's database on idbench's PostgreSQL: dropped and created at every start, so every run starts alike. */
    static final String DATABASE = "keycloak";

    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOptions database;

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
            description = "Seed user.1 … user.N over SCIM (the workload's identities, groups hr and employee with all of them), "
                    + "then check the realm holds them; on idbench's PostgreSQL the seeded database is kept as a dataset that "
                    + "later runs of this size clone (default: ${DEFAULT-VALUE}: an empty realm).")
    long users;

    @Option(names = "--ids-file", paramLabel = "<file>",
            description = "With --users: write the ids Keycloak assigned as CSV (id,userName), for the plans (default: none).")
    Path idsFile;

    @Option(names = "--fresh", description = "Seed again even when the dataset of this size is kept (default: clone it).")
    boolean fresh;

    @Option(names = "--seed-parallelism", paramLabel = "<n>", defaultValue = "" + ScimSeeder.DEFAULT_PARALLELISM,
            description = "Requests in flight while seeding (default: ${DEFAULT-VALUE}).")
    int seedParallelism;

    @Option(names = "--info-file", paramLabel = "<file>",
            description = "Write the SCIM base URL, token URL, client id and secret as JSON (mode 0600) once ready.")
    Path infoFile;

    @Option(names = "--run-record", paramLabel = "<dir>", hidden = true,
            description = "The benchmark run this target serves: marked interrupted if it stops while the run still runs.")
    Path runRecord;

    @Option(names = "--stop-with-parent", hidden = true, description = "Stop when the process that started this one ends.")
    boolean stopWithParent;

    /** Validates the options as {@link #call} would use them (a {@link io.idbench.config.ConfigException} otherwise). */
    public void check() {
        setup();
        if (users < 0) {
            throw new ConfigException("--users must be at least 0, was " + users);
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
        ScenarioConfig config = database.apply(ScenarioConfig.builder()).build();
        PrintWriter out = spec.commandLine().getOut();
        Deque<AutoCloseable> started = new ConcurrentLinkedDeque<>();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = ServiceStack.stopOnExit(runRecord, "Keycloak", started, out, stopped, stopWithParent);
        try {
            ObjectNode providers = Json.mapper().createObjectNode();
            KeycloakDatabase db = KeycloakDatabase.h2();
            PostgresProvider pg = null;
            KeycloakDataset dataset = null;
            Duration cloned = null;
            String keptAdminPassword = null;
            if (setup.database().equals(KeycloakSetup.DB_POSTGRES)) {
                out.println("Starting PostgreSQL (" + config.dbProvider() + ") for Keycloak…");
                out.flush();
                pg = PostgresProvider.start(config);
                started.push(pg);
                out.println(pg.description());
                providers.putObject("postgresql").put("provider", pg.provider().id()).put("description", pg.description());
                ServiceStack.postmasterPid(pg).ifPresent(pid -> {
                    providers.with("postgresql").put("pid", pid);
                    OrphanReaper.watch(pid, OrphanReaper.POSTGRES_SIGNAL);
                });
                if (pg.ownsServer() && users > 0) {
                    dataset = KeycloakDataset.of(users);
                    try (Connection admin = connect(pg, pg.jdbcUrl())) {
                        if (!fresh && dataset.kept(admin)) {
                            cloned = dataset.cloneTo(admin, DATABASE);
                            try (Connection c = connect(pg, databaseUrl(pg))) {
                                keptAdminPassword = dataset.adminPassword(c);
                            }
                            out.println(String.format(Locale.ROOT, "Keycloak dataset %s reused: cloned in %.1f s", dataset.name(),
                                    cloned.toMillis() / 1000.0));
                        }
                    }
                }
                db = KeycloakDatabase.postgres(cloned != null ? databaseUrl(pg) : keycloakDatabase(pg), pg.user(), pg.password(),
                        pg.provider().id());
            }
            // A kept dataset's administrator exists already, with the password of the start that seeded it.
            String adminPassword = keptAdminPassword != null ? keptAdminPassword : TokenService.randomToken();
            KeycloakServer keycloak = start(setup, db, adminPassword, FreePorts.take(), started, out);
            KeycloakRealm.Client client = KeycloakRealm.configure(keycloak.url(), setup, adminPassword, TokenService.randomToken());
            out.println("Realm " + setup.realm() + " configured: SCIM 2.0 at " + client.scimUrl() + ", client " + client.clientId()
                    + " (client credentials at " + client.tokenUrl() + ")");
            ObjectNode seed = null;
            if (users > 0) {
                ScimSeeder seeder = seeder(client, out);
                if (cloned != null) {
                    List<String> ids;
                    try (Connection c = connect(pg, databaseUrl(pg))) {
                        ids = dataset.ids(c);
                    }
                    seeder.verify(users);
                    writeIds(ids);
                    out.println("user.1, user." + users + " and hr's " + String.format("%,d", users) + " members checked");
                    seed = Json.mapper().createObjectNode().put("dataset", dataset.name()).put("storage", "Keycloak, " + db.description())
                            .put("users", users).put("action", "reused").put("at", java.time.Instant.now().toString())
                            .put("seconds", cloned.toMillis() / 1000.0);
                    seed.putObject("phases").put("cloneDatabase", cloned.toMillis() / 1000.0);
                } else {
                    out.println("Seeding " + String.format("%,d", users) + " identities over SCIM (" + seedParallelism + " in flight)…");
                    out.flush();
                    ScimSeeder.Result r = seeder.seed(users);
                    writeIds(r.ids());
                    out.println(r.summary());
                    seed = r.record(dataset != null ? dataset.name() : "keycloak-" + KeycloakSetup.VERSION + "-" + users,
                            "Keycloak, " + db.description());
                    if (dataset != null) {
                        keycloak = keep(dataset, r.ids(), pg, keycloak, setup, db, adminPassword, started, out);
                    }
                }
            }
            DeathWatch.failFastWhenGone("Keycloak", keycloak.pid());
            providers.putObject("keycloak").put("provider", "embedded").put("description", keycloak.description())
                    .put("pid", keycloak.pid());
            out.println("Stop with Ctrl-C (or SIGTERM): Keycloak and PostgreSQL stop together.");
            out.flush();
            if (infoFile != null) {
                writeInfo(setup, db, keycloak, client, providers, seed);
            }
        } catch (Exception e) {
            Runtime.getRuntime().removeShutdownHook(hook);
            ServiceStack.stopAll(started, out);
            throw e;
        }
        stopped.await();
        return 0;
    }

    private static KeycloakServer start(KeycloakSetup setup, KeycloakDatabase db, String adminPassword, int port,
            Deque<AutoCloseable> started, PrintWriter out) {
        out.println("Starting Keycloak " + KeycloakSetup.VERSION + " on " + db.description() + "…");
        out.flush();
        KeycloakServer keycloak = KeycloakServer.start(setup, db, adminPassword, port);
        started.push(keycloak);
        OrphanReaper.watch(keycloak.pid(), OrphanReaper.ENGINE_SIGNAL);
        out.println(keycloak.description());
        out.flush();
        return keycloak;
    }

    /**
     * The seeded database kept as a dataset for later runs: its ids saved in it, Keycloak stopped (a template database
     * takes no connections), the copy made, Keycloak started again on the same port (its tokens name it).
     */
    private static KeycloakServer keep(KeycloakDataset dataset, List<String> ids, PostgresProvider pg, KeycloakServer keycloak,
            KeycloakSetup setup, KeycloakDatabase db, String adminPassword, Deque<AutoCloseable> started, PrintWriter out)
            throws SQLException, IOException, InterruptedException {
        try (Connection c = connect(pg, databaseUrl(pg))) {
            KeycloakDataset.save(c, ids, adminPassword);
        }
        started.remove(keycloak);
        keycloak.close();
        long t0 = System.nanoTime();
        try (Connection admin = connect(pg, pg.jdbcUrl())) {
            dataset.keep(admin, DATABASE);
        }
        out.println(String.format(Locale.ROOT, "Kept as dataset %s in %.1f s: later runs of this size clone it", dataset.name(),
                (System.nanoTime() - t0) / 1e9));
        return start(setup, db, adminPassword, keycloak.port(), started, out);
    }

    private ScimSeeder seeder(KeycloakRealm.Client client, PrintWriter out) {
        ScimClient scim = new ScimClient(client.scimUrl(), TokenSource.endpoint(client.tokenUrl(), "client_credentials",
                client.clientId(), client.clientSecret(), null, null));
        SeedProgress progress = TerminalProgress.forOutput(line -> {
            out.println(line);
            out.flush();
        });
        return new ScimSeeder(scim, new IdentityGenerator(Json.mapper()), seedParallelism, progress);
    }

    private void writeIds(List<String> ids) throws IOException {
        if (idsFile != null) {
            UsersCsv.write(idsFile, ids);
        }
    }

    private static Connection connect(PostgresProvider pg, String url) throws SQLException {
        return DriverManager.getConnection(url, pg.user(), pg.password());
    }

    /** The JDBC URL of Keycloak's own database on the server. */
    private static String databaseUrl(PostgresProvider pg) {
        URI u = URI.create(pg.jdbcUrl().substring("jdbc:".length()));
        return "jdbc:" + u.getScheme() + "://" + u.getAuthority() + "/" + DATABASE;
    }

    /** Keycloak's own database on a server idbench started (dropped and created afresh), or the external database as given. */
    private static String keycloakDatabase(PostgresProvider pg) throws SQLException {
        if (!pg.ownsServer()) {
            return pg.jdbcUrl();
        }
        try (Connection c = connect(pg, pg.jdbcUrl()); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + DATABASE);
        }
        return databaseUrl(pg);
    }

    private void writeInfo(KeycloakSetup setup, KeycloakDatabase db, KeycloakServer keycloak, KeycloakRealm.Client client,
            ObjectNode providers, ObjectNode seed) throws IOException {
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("baseUrl", client.scimUrl()).put("token", "").put("pid", ProcessHandle.current().pid());
        json.putObject("auth").put("tokenUrl", client.tokenUrl()).put("grant", "client_credentials").put("clientId", client.clientId())
                .put("clientSecret", client.clientSecret());
        json.putObject("product").put("name", "Keycloak").put("version", KeycloakSetup.VERSION).put("database", db.description())
                .put("heap", setup.heap()).put("options", "--features=scim-api --cache=local")
                .put("startupSeconds", keycloak.startup().toMillis() / 1000.0);
        client.notes().forEach(((ObjectNode) json.get("product")).withArray("notes")::add);
        json.set("providers", providers);
        if (seed != null) {
            json.set("seed", seed);
        }
        PrivateFiles.replace(infoFile, json.toPrettyString()); // it holds a secret
    }
}
