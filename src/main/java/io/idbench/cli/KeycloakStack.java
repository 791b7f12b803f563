package io.idbench.cli;

import io.idbench.common.Json;
import io.idbench.config.Grant;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.DeathWatch;
import io.idbench.provision.FreePorts;
import io.idbench.provision.OrphanReaper;
import io.idbench.provision.PostgresProvider;
import io.idbench.record.Environment;
import io.idbench.record.SeedRecord;
import io.idbench.seed.Database;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.SeedProgress;
import io.idbench.seed.Seeder;
import io.idbench.seed.UsersCsv;
import io.idbench.service.TokenService;
import io.idbench.targets.KeycloakBulkLoad;
import io.idbench.targets.KeycloakDatabase;
import io.idbench.targets.KeycloakDataset;
import io.idbench.targets.KeycloakRealm;
import io.idbench.targets.KeycloakServer;
import io.idbench.targets.KeycloakSetup;
import io.idbench.targets.KeycloakUser;
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
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * What {@code idbench keycloak} starts, in order: its PostgreSQL (or none, for H2) with Keycloak's
 * database, created afresh or cloned from a kept dataset; Keycloak; the realm and client; then the
 * seeded identities, made over SCIM (and kept as a dataset) or checked in the clone. Everything
 * started is pushed onto {@code started}, so that a failure or Ctrl-C stops it, newest first.
 */
final class KeycloakStack {
    /** Keycloak's database on idbench's PostgreSQL: dropped and created at every start, so every run starts alike. */
    static final String DATABASE = "keycloak";

    /** What is running once the stack is up, for the ready file. */
    record Started(KeycloakDatabase db, KeycloakServer keycloak, KeycloakRealm.Client client, Map<String, Environment.Provider> providers,
            SeedRecord seed) {}

    /**
     * The options of the command that shape the stack.
     *
     * @param seedMethod how identities are seeded: {@link #SEED_SQL}, {@link #SEED_SCIM} or {@link #SEED_AUTO}
     */
    record Options(KeycloakSetup setup, ScenarioConfig database, long users, boolean fresh, int seedParallelism, Path idsFile,
            String seedMethod) {}

    /** Seeding into Keycloak's tables where idbench's PostgreSQL holds them (and keeps the dataset), over SCIM otherwise. */
    static final String SEED_AUTO = "auto";
    /** Seeding over SCIM, one identity at a time, as any client would. */
    static final String SEED_SCIM = "scim";
    /** Seeding into Keycloak's tables, Keycloak stopped (KeycloakBulkLoad). */
    static final String SEED_SQL = "sql";
    static final List<String> SEED_METHODS = List.of(SEED_AUTO, SEED_SQL, SEED_SCIM);

    private final Options options;
    private final PrintWriter out;
    private final Deque<AutoCloseable> started;
    private final Map<String, Environment.Provider> providers = new LinkedHashMap<>();
    private PostgresProvider pg;
    private KeycloakDataset dataset;
    /** How long the kept dataset took to clone, when one was. */
    private Duration cloned;
    /** The record of the seed that made the cloned dataset. */
    private SeedRecord loadedBy;

    KeycloakStack(Options options, PrintWriter out, Deque<AutoCloseable> started) {
        this.options = options;
        this.out = out;
        this.started = started;
    }

    Started start() throws SQLException, IOException, InterruptedException {
        KeycloakSetup setup = options.setup();
        KeycloakDatabase db = KeycloakDatabase.h2();
        String keptAdminPassword = null;
        if (setup.database().equals(KeycloakSetup.DB_POSTGRES)) {
            keptAdminPassword = startPostgres();
            db = KeycloakDatabase.postgres(cloned != null ? databaseUrl() : freshDatabase(), pg.user(), pg.password(), pg.provider().id());
        }
        // A kept dataset's administrator exists already, with the password of the start that seeded it.
        String adminPassword = keptAdminPassword != null ? keptAdminPassword : TokenService.randomToken();
        KeycloakServer keycloak = startKeycloak(db, adminPassword, FreePorts.take());
        KeycloakRealm.Client client = KeycloakRealm.configure(keycloak.url(), setup, adminPassword, TokenService.randomToken());
        out.println("Realm " + setup.realm() + " configured: SCIM 2.0 at " + client.scimUrl() + ", client " + client.clientId()
                + " (client credentials at " + client.tokenUrl() + ")");
        SeedRecord seed = null;
        if (options.users() > 0) {
            ScimSeeder seeder = seeder(client);
            if (cloned != null) {
                seed = checkClone(seeder, db);
            } else if (intoTables()) {
                Loaded loaded = load(seeder, keycloak, db, adminPassword);
                keycloak = loaded.keycloak();
                seed = loaded.seed();
            } else {
                ScimSeeder.Result r = seed(seeder);
                seed = r.record(dataset != null ? dataset.name() : "keycloak-" + KeycloakSetup.VERSION + "-" + options.users(),
                        "Keycloak, " + db.description());
                if (dataset != null) {
                    keycloak = keep(r.ids(), keycloak, db, adminPassword, seed);
                }
            }
        }
        DeathWatch.failFastWhenGone("Keycloak", keycloak.pid());
        providers.put("keycloak", new Environment.Provider("embedded", keycloak.description(), keycloak.pid()));
        return new Started(db, keycloak, client, providers, seed);
    }

    /** PostgreSQL started, and the kept dataset of this size cloned when there is one: its administrator's password then. */
    private String startPostgres() throws SQLException {
        out.println("Starting PostgreSQL (" + options.database().dbProvider() + ") for Keycloak…");
        out.flush();
        pg = PostgresProvider.start(options.database());
        started.push(pg);
        out.println(pg.description());
        Optional<Long> postmaster = ServiceStack.postmasterPid(pg);
        providers.put(ReadyFile.POSTGRESQL, new Environment.Provider(pg.provider().id(), pg.description(), postmaster.orElse(null)));
        postmaster.ifPresent(pid -> OrphanReaper.watch(pid, OrphanReaper.POSTGRES_SIGNAL));
        if (!pg.ownsServer() || options.users() == 0) {
            return null;
        }
        dataset = KeycloakDataset.of(options.users());
        try (Connection admin = connect(pg.jdbcUrl())) {
            if (options.fresh() || !dataset.kept(admin)) {
                return null;
            }
            loadedBy = dataset.loaded(admin);
            cloned = dataset.cloneTo(admin, DATABASE);
        }
        out.println(String.format(Locale.ROOT, "Keycloak dataset %s reused: cloned in %.1f s", dataset.name(), cloned.toMillis() / 1000.0));
        try (Connection c = connect(databaseUrl())) {
            return dataset.adminPassword(c);
        }
    }

    private KeycloakServer startKeycloak(KeycloakDatabase db, String adminPassword, int port) {
        out.println("Starting Keycloak " + KeycloakSetup.VERSION + " on " + db.description() + "…");
        out.flush();
        KeycloakServer keycloak = KeycloakServer.start(options.setup(), db, adminPassword, port);
        started.push(keycloak);
        OrphanReaper.watch(keycloak.pid(), OrphanReaper.ENGINE_SIGNAL);
        out.println(keycloak.description());
        out.flush();
        return keycloak;
    }

    /** The clone's identities: their ids read back from it, the SCIM view checked. */
    private SeedRecord checkClone(ScimSeeder seeder, KeycloakDatabase db) throws SQLException, IOException, InterruptedException {
        long users = options.users();
        List<String> ids;
        try (Connection c = connect(databaseUrl())) {
            ids = dataset.ids(c);
        }
        seeder.verify(users);
        writeIds(ids);
        out.println("user.1, user." + users + " and hr's " + String.format("%,d", users) + " members checked");
        return SeedRecord.of(dataset.name(), "Keycloak, " + db.description(), users, null, IdentityGenerator.VERSION, null,
                SeedRecord.REUSED, SeedRecord.Phases.cloned(cloned), cloned, loadedBy.databaseBytes(), null, loadedBy);
    }

    private ScimSeeder.Result seed(ScimSeeder seeder) throws IOException, InterruptedException {
        out.println("Seeding " + String.format("%,d", options.users()) + " identities over SCIM (" + options.seedParallelism()
                + " in flight)…");
        out.flush();
        ScimSeeder.Result r = seeder.seed(options.users());
        writeIds(r.ids());
        out.println(r.summary());
        return r;
    }

    /** Whether the identities go straight into Keycloak's tables (idbench's own PostgreSQL, a dataset to keep). */
    private boolean intoTables() {
        boolean possible = dataset != null;
        return switch (options.seedMethod()) {
            case SEED_SQL -> {
                if (!possible) {
                    throw new IllegalStateException("--seed-method=sql needs Keycloak's database on a PostgreSQL server idbench started");
                }
                yield true;
            }
            case SEED_SCIM -> false;
            default -> possible;
        };
    }

    private record Loaded(KeycloakServer keycloak, SeedRecord seed) {}

    /**
     * The identities loaded into Keycloak's tables: user.1 created over SCIM (in both static groups), Keycloak stopped (its
     * caches must not outlive rows written behind it), user.1's rows held against what the load would write, user.2 … user.N
     * loaded, the dataset kept, Keycloak started again on the same port (its tokens name it), and the SCIM view checked as for a
     * clone.
     */
    private Loaded load(ScimSeeder seeder, KeycloakServer keycloak, KeycloakDatabase db, String adminPassword)
            throws SQLException, IOException, InterruptedException {
        long t0 = System.nanoTime();
        long users = options.users();
        IdentityGenerator generator = new IdentityGenerator(Json.mapper());
        String first = seeder.probe(1);
        stop(keycloak);
        Database keycloakDb = new Database(databaseUrl(), pg.user(), pg.password());
        try (Connection c = keycloakDb.connect()) {
            KeycloakBulkLoad.check(c, options.setup().realm(), KeycloakUser.of(generator, 1));
        }
        out.println("user.1, created over SCIM, holds the rows a load writes; loading user.2 … user." + users
                + " into Keycloak's tables (Keycloak stopped)…");
        out.flush();
        KeycloakBulkLoad.Result r = KeycloakBulkLoad.load(keycloakDb, options.setup().realm(), 2, users, generator, progress());
        out.println(String.format(Locale.ROOT, "Loaded in %.1f s (COPY), VACUUM ANALYZE %.1f s", r.copy().toMillis() / 1000.0,
                r.vacuumAnalyze().toMillis() / 1000.0));
        List<String> ids = new ArrayList<>(r.ids().size() + 1);
        ids.add(first);
        ids.addAll(r.ids());
        SeedRecord seed = keepDataset(ids, adminPassword, bytes -> SeedRecord.of(dataset.name(), "Keycloak, " + db.description(), users,
                null, IdentityGenerator.VERSION, null, SeedRecord.LOADED, SeedRecord.Phases.intoTables(r.copy(), r.vacuumAnalyze()),
                Duration.ofNanos(System.nanoTime() - t0), bytes, null, null));
        KeycloakServer again = startKeycloak(db, adminPassword, keycloak.port());
        seeder.verify(users);
        writeIds(ids);
        out.println("user.1, user." + users + " and hr's " + String.format("%,d", users) + " members checked over SCIM");
        return new Loaded(again, seed);
    }

    private void stop(KeycloakServer keycloak) {
        started.remove(keycloak);
        keycloak.close();
    }

    /**
     * The seeded database kept as a dataset for later runs: its ids saved in it, Keycloak stopped (a template database
     * takes no connections), the copy made, Keycloak started again on the same port (its tokens name it).
     */
    private KeycloakServer keep(List<String> ids, KeycloakServer keycloak, KeycloakDatabase db, String adminPassword, SeedRecord seed)
            throws SQLException, IOException, InterruptedException {
        stop(keycloak);
        keepDataset(ids, adminPassword, bytes -> seed);
        return startKeycloak(db, adminPassword, keycloak.port());
    }

    /**
     * Keycloak's database (Keycloak stopped) with its ids saved, kept as the dataset with the record of the seed that made it
     * ({@code seed}, given the database's size in bytes); that record.
     */
    private SeedRecord keepDataset(List<String> ids, String adminPassword, LongFunction<SeedRecord> seed) throws SQLException {
        try (Connection c = connect(databaseUrl())) {
            KeycloakDataset.save(c, ids, adminPassword);
        }
        long t0 = System.nanoTime();
        SeedRecord record;
        try (Connection admin = connect(pg.jdbcUrl())) {
            record = seed.apply(Seeder.databaseBytes(admin, DATABASE));
            dataset.keep(admin, DATABASE, record);
        }
        out.println(String.format(Locale.ROOT, "Kept as dataset %s (%,d MB) in %.1f s: later runs of this size clone it; idbench"
                + " datasets lists it", dataset.name(), record.databaseBytes() == null ? 0 : record.databaseBytes() >> 20,
                (System.nanoTime() - t0) / 1e9));
        return record;
    }

    private ScimSeeder seeder(KeycloakRealm.Client client) {
        ScimClient scim = new ScimClient(client.scimUrl(), TokenSource.endpoint(client.tokenUrl(), Grant.CLIENT_CREDENTIALS,
                client.clientId(), client.clientSecret(), null, null));
        return new ScimSeeder(scim, new IdentityGenerator(Json.mapper()), options.seedParallelism(), progress());
    }

    private SeedProgress progress() {
        return TerminalProgress.forOutput(line -> {
            out.println(line);
            out.flush();
        });
    }

    private void writeIds(List<String> ids) throws IOException {
        if (options.idsFile() != null) {
            UsersCsv.write(options.idsFile(), ids);
        }
    }

    private Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, pg.user(), pg.password());
    }

    /** The JDBC URL of Keycloak's own database on the server. */
    private String databaseUrl() {
        URI u = URI.create(pg.jdbcUrl().substring("jdbc:".length()));
        return "jdbc:" + u.getScheme() + "://" + u.getAuthority() + "/" + DATABASE;
    }

    /** Keycloak's own database on a server idbench started (dropped and created afresh), or the external database as given. */
    private String freshDatabase() throws SQLException {
        if (!pg.ownsServer()) {
            return pg.jdbcUrl();
        }
        try (Connection c = connect(pg.jdbcUrl()); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + DATABASE);
        }
        return databaseUrl();
    }
}
