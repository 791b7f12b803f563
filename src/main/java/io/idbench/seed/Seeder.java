package io.idbench.seed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.ByteSize;
import io.idbench.config.ConfigException;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.membership.DynamicGroups;
import io.idbench.provision.ConnectionPools;
import io.idbench.record.SeedRecord;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.store.ProfileGroupSetup;
import io.idbench.store.StoredResource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gives a run its database holding a dataset, loading the dataset only when it is not kept yet.
 *
 * <ul>
 *   <li><b>A server idbench owns</b> (embedded, Testcontainers): every dataset is a template
 *       database {@code idbset_<key>}. It is loaded under the name {@code idbload_<key>} and renamed
 *       only once complete, so an interrupted seed can never pass for a complete one (leftovers are
 *       dropped by the next seed). The run database is re-created from the template with
 *       {@code CREATE DATABASE … TEMPLATE … STRATEGY FILE_COPY} (about 1.5 s for 2 GB here): what
 *       a run changes never reaches the dataset.</li>
 *   <li><b>An external server</b> (--db-url): the dataset is loaded into the run database itself,
 *       with a marker row written {@code loading} first and {@code complete} last. A complete
 *       marker for the same dataset is reused in place (a run's changes stay: --fresh reloads);
 *       an interrupted one is dropped and reloaded; any other data is refused unless --fresh.</li>
 * </ul>
 */
public final class Seeder {
    /** The marker table, in every seeded database: which dataset it holds, and whether it is complete. */
    public static final String MARKER = "idbench_dataset";
    private static final Pattern CREATED = Pattern.compile("(?i)CREATE (?:UNLOGGED )?(?:TABLE|SEQUENCE) IF NOT EXISTS (\\w+)");

    private final IdentityGenerator generator;
    private final ObjectMapper json;
    private final List<String> passwordHashes;
    private final SeedProgress progress;
    private final Consumer<String> log;
    private final long maxBytes;

    /**
     * @param passwordHashes the pool identity N's hash is taken from ({@code N % size}); hashed by
     *                       the service's hasher with fixed salts, so two seeds are identical
     */
    public Seeder(IdentityGenerator generator, List<String> passwordHashes, SeedProgress progress, Consumer<String> log) {
        this(generator, passwordHashes, progress, log, ScenarioConfig.NO_DATASETS_BUDGET);
    }

    private Seeder(IdentityGenerator generator, List<String> passwordHashes, SeedProgress progress, Consumer<String> log,
            long maxBytes) {
        this.generator = generator;
        this.json = generator.json();
        this.passwordHashes = List.copyOf(passwordHashes);
        this.progress = progress;
        this.log = log;
        this.maxBytes = maxBytes;
    }

    /**
     * This seeder, keeping the datasets of an owned server within {@code maxBytes} on disk ({@link DatasetStore}):
     * {@link ScenarioConfig#NO_DATASETS_BUDGET} for no bound.
     */
    public Seeder withBudget(long maxBytes) {
        return new Seeder(generator, passwordHashes, progress, log, maxBytes);
    }

    /**
     * Makes {@code run} hold {@code dataset}; with 0 users an empty database (owned servers
     * re-create it, external ones are left as they are).
     *
     * @param ownsServer whether idbench may create, clone and drop databases on the server
     * @return what was done and how long it took; empty with 0 users
     */
    public Optional<SeedRecord> prepare(Database run, Dataset dataset, boolean fresh, boolean ownsServer) throws SQLException {
        if (dataset.users() == 0) {
            if (ownsServer) {
                try (Connection admin = run.sibling("postgres").connect(); Statement s = admin.createStatement()) {
                    recreate(s, run.name(), null);
                }
                createExtensions(run);
            }
            return Optional.empty();
        }
        return Optional.of(ownsServer ? fromTemplate(run, dataset, fresh) : inPlace(run, dataset, fresh));
    }

    // ---- owned servers: template databases ------------------------------------------------

    private SeedRecord fromTemplate(Database run, Dataset dataset, boolean fresh) throws SQLException {
        Database admin = run.sibling("postgres");
        SeedRecord loaded;
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            // Held until this connection closes, after the clone: a store's removal passes this dataset by meanwhile.
            DatasetStore.lock(c, dataset.templateName());
            DatasetStore.unmarkClone(c, run.name());
            DatasetStore store = new DatasetStore(c, true);
            for (String leftover : names(c, Dataset.LOADING_PREFIX)) {
                log.accept("Removing an interrupted seed: database " + leftover + " was never completed");
                s.execute("DROP DATABASE " + leftover + " WITH (FORCE)");
            }
            Optional<SeedRecord> kept = names(c, Dataset.COMPLETE_PREFIX).contains(dataset.templateName())
                    ? Optional.of(comment(c, dataset.templateName())) : Optional.empty();
            if (kept.isPresent() && fresh) {
                log.accept("--fresh: dropping the kept dataset " + dataset.templateName());
                s.execute("DROP DATABASE " + dataset.templateName() + " WITH (FORCE)");
                kept = Optional.empty();
            }
            if (kept.isPresent()) {
                loaded = kept.get();
                log.accept("Reusing dataset " + dataset.describe() + " (" + dataset.templateName() + ", loaded " + loaded.at()
                        + " in " + loaded.seconds() + " s)");
            } else {
                long expected = store.expectedBytes(dataset);
                makeRoom(store, dataset, expected);
                // The run's last copy is replaced by a copy of this dataset anyway: dropped now, its space counts as free.
                s.execute("DROP DATABASE IF EXISTS " + run.name() + " WITH (FORCE)");
                requireSpace(c, loadBytes(c, expected), "seed dataset " + dataset.describe(),
                        "the dataset, the run's copy of it and the write-ahead log of its load");
                log.accept("Seeding dataset " + dataset.describe() + " into " + dataset.templateName());
                s.execute("CREATE DATABASE " + dataset.loadingName());
                loaded = load(run.sibling(dataset.loadingName()), dataset);
                s.execute("COMMENT ON DATABASE " + dataset.loadingName() + " IS " + quote(Json.text(loaded)));
                // Complete: only now does it get the name a later run looks for.
                s.execute("ALTER DATABASE " + dataset.loadingName() + " RENAME TO " + dataset.templateName());
                s.execute("ALTER DATABASE " + dataset.templateName() + " WITH ALLOW_CONNECTIONS false");
            }
            if (kept.isPresent()) {
                // The run's last copy is dropped first: its space counts as free.
                requireSpace(c, databaseBytes(c, dataset.templateName()) - existingBytes(c, run.name()),
                        "copy dataset " + dataset.describe() + " for the run", "the run's copy of it");
            }
            progress.start("clone", 1, "databases");
            long t0 = System.nanoTime();
            recreate(s, run.name(), dataset.templateName());
            Duration clone = Duration.ofNanos(System.nanoTime() - t0);
            DatasetStore.markClone(s, run.name(), dataset.templateName());
            store.touch(dataset.templateName());
            progress.step(1);
            progress.end();
            createExtensions(run);
            if (kept.isEmpty()) {
                return loaded.withClone(clone);
            }
            return dataset.record(SeedRecord.REUSED, SeedRecord.Phases.cloned(clone), clone, databaseBytes(c, run.name()), loaded);
        }
    }

    /**
     * Within the budget, if one is set: the least recently used other datasets are removed until the kept ones and this
     * one's expected size fit; refused when this one alone would not.
     */
    private void makeRoom(DatasetStore store, Dataset dataset, long expected) throws SQLException {
        if (maxBytes == ScenarioConfig.NO_DATASETS_BUDGET) {
            return;
        }
        if (expected > maxBytes) {
            throw new ConfigException("dataset " + dataset.describe() + " needs about " + ByteSize.format(expected)
                    + " on disk, more than the datasets' budget of " + ByteSize.format(maxBytes) + " (datasets.maxBytes)");
        }
        List<DatasetStore.Kept> victims = store.toRemove(null, Instant.now(), maxBytes, expected, dataset.templateName());
        if (!victims.isEmpty()) {
            log.accept("Making room for about " + ByteSize.format(expected) + " within the datasets' budget of "
                    + ByteSize.format(maxBytes) + ": removing the least recently used");
            store.removeAll(victims, log);
        }
    }

    /**
     * Refuses, in one line, what needs more than the free space where the server keeps its data (when that directory is on
     * this machine: an embedded server's): a seed that ran out of space half-way would have cost its time for nothing.
     */
    private static void requireSpace(Connection c, long needBytes, String what, String forWhat) throws SQLException {
        Path dir;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW data_directory")) {
            rs.next();
            dir = Path.of(rs.getString(1));
        }
        if (!Files.isRegularFile(dir.resolve("PG_VERSION"))) {
            return; // the server's disk is not this machine's (a container's, a remote one's)
        }
        long free;
        try {
            free = Files.getFileStore(dir).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the free space of " + dir + ": " + e.getMessage(), e);
        }
        if (free < needBytes) {
            throw new IllegalStateException("Not enough disk space to " + what + ": it needs about " + ByteSize.format(needBytes)
                    + " in " + dir + " (" + forWhat + "), and " + ByteSize.format(free) + " is free");
        }
    }

    /**
     * What loading a dataset of {@code expected} bytes and copying it for the run needs on disk: the dataset, its copy and the
     * write-ahead log of its COPY, which holds as much as the dataset until a checkpoint recycles it at max_wal_size.
     */
    private static long loadBytes(Connection c, long expected) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT setting::bigint * 1048576 FROM pg_settings WHERE name = 'max_wal_size'")) {
            rs.next();
            return loadBytes(expected, rs.getLong(1));
        }
    }

    /** ... on a server whose max_wal_size is {@code maxWalBytes}. */
    public static long loadBytes(long expected, long maxWalBytes) {
        return 2 * expected + Math.min(expected, maxWalBytes);
    }

    /** Drops {@code name} (closing its sessions) and creates it empty or as a copy of {@code template}. */
    private static void recreate(Statement admin, String name, String template) throws SQLException {
        admin.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        admin.execute("CREATE DATABASE " + name + (template == null ? "" : " TEMPLATE " + template + " STRATEGY FILE_COPY"));
    }

    /**
     * pg_stat_statements where the server offers it: the run's telemetry reads it. Not being
     * allowed to create it (an external server) costs the run its statement statistics, not the run.
     */
    private void createExtensions(Database run) throws SQLException {
        try (Connection c = run.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_stat_statements'")) {
            if (rs.next()) {
                try {
                    s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
                } catch (SQLException e) {
                    log.accept("pg_stat_statements could not be created (" + e.getMessage().lines().findFirst().orElse("")
                            + "): the run goes on without statement statistics");
                }
            }
        }
    }

    private static List<String> names(Connection c, String prefix) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT datname FROM pg_database WHERE starts_with(datname, ?) ORDER BY 1")) {
            ps.setString(1, prefix);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    private SeedRecord comment(Connection c, String database) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = ?")) {
            ps.setString(1, database);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return read(rs.getString(1));
            }
        }
    }

    /** The size on disk of {@code database}, asked through {@code c}, a connection to any database of its server. */
    public static long databaseBytes(Connection c, String database) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_database_size(?)")) {
            ps.setString(1, database);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The size of {@code database}, 0 when it does not exist. */
    private static long existingBytes(Connection c, String database) throws SQLException {
        try (PreparedStatement ps = c
                .prepareStatement("SELECT coalesce(sum(pg_database_size(oid)), 0) FROM pg_database WHERE datname = ?")) {
            ps.setString(1, database);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    // ---- external servers: in place --------------------------------------------------------

    private SeedRecord inPlace(Database run, Dataset dataset, boolean fresh) throws SQLException {
        Map<String, String> markers = new HashMap<>();
        long users;
        try (Connection c = run.connect(); Statement s = c.createStatement()) {
            if (exists(s, MARKER)) {
                try (ResultSet rs = s.executeQuery("SELECT name, state FROM " + MARKER)) {
                    while (rs.next()) {
                        markers.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
            String userTable = dataset.storage().userTable();
            users = exists(s, userTable) ? count(s, userTable) : 0;
            String state = markers.get(dataset.key());
            if ("complete".equals(state) && markers.size() == 1 && !fresh) {
                log.accept("Reusing dataset " + dataset.describe() + " in place in " + run.name()
                        + ": changes made by earlier runs stay (--fresh reloads it)");
                try (ResultSet rs = s.executeQuery("SELECT record::text FROM " + MARKER)) {
                    rs.next();
                    SeedRecord loaded = read(rs.getString(1));
                    return dataset.record(SeedRecord.REUSED_IN_PLACE, SeedRecord.Phases.NONE, Duration.ZERO, databaseBytes(c,
                            run.name()), loaded);
                }
            }
            boolean interrupted = markers.values().stream().anyMatch("loading"::equals);
            if (users > 0 || !markers.isEmpty()) {
                if (!fresh && !interrupted) {
                    throw new IllegalStateException("Database " + run.name() + " already holds " + users + " users"
                            + (markers.isEmpty() ? "" : " of dataset " + String.join(", ", markers.keySet()))
                            + ", not dataset " + dataset.key() + "; give --fresh to replace them");
                }
                log.accept((interrupted && !fresh ? "Found an interrupted seed" : "--fresh") + ": dropping the "
                        + dataset.storage() + " tables of " + run.name() + " and loading " + dataset.describe());
                dropStorage(s, dataset.storage());
            }
        }
        log.accept("Seeding dataset " + dataset.describe() + " in place into " + run.name());
        return load(run, dataset);
    }

    /** Drops every table and sequence the storage's DDL creates (and the marker, and the search backlog). */
    private static void dropStorage(Statement s, Storage storage) throws SQLException {
        List<String> tables = new ArrayList<>(List.of(MARKER, "search_backlog"));
        List<String> sequences = new ArrayList<>();
        Matcher m = CREATED.matcher(Dataset.ddl(storage));
        while (m.find()) {
            (m.group(0).toUpperCase(Locale.ROOT).contains("SEQUENCE") ? sequences : tables).add(m.group(1));
        }
        s.execute("DROP TABLE IF EXISTS " + String.join(", ", tables) + " CASCADE");
        if (!sequences.isEmpty()) {
            s.execute("DROP SEQUENCE IF EXISTS " + String.join(", ", sequences));
        }
    }

    private static boolean exists(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT to_regclass('" + table + "') IS NOT NULL")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static long count(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    // ---- the load itself -------------------------------------------------------------------

    /** Loads {@code dataset} into {@code db} (schema created by the store, tables empty) and marks it complete. */
    private SeedRecord load(Database db, Dataset dataset) throws SQLException {
        long t0 = System.nanoTime();
        Map<String, UUID> groups = new HashMap<>();
        DynamicGroups dynamic = new DynamicGroups();
        try (HikariDataSource pool = ConnectionPools.create(db.jdbcUrl(), db.user(), db.password(), 2);
                IdentityStore store = IdentityStores.open(dataset.storage(), pool, json)) {
            ProfileGroupSetup.ensure(store, dataset.dyn(), json);
            FilterResolver resolver = new FilterResolver(ScimSchemas.GROUP_TYPE);
            for (StoredResource g : store.searchGroups(new ListQuery(resolver.parse("displayName pr"), null, 1, 1000), 0)
                    .resources()) {
                groups.put(g.body().path("displayName").asText(), g.id());
                dynamic.register(g.id(), g.body());
            }
        }
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + MARKER + " (name text PRIMARY KEY, state text NOT NULL, record jsonb)");
            s.execute("INSERT INTO " + MARKER + " (name, state) VALUES (" + quote(dataset.key()) + ", 'loading')");
        }
        SeedRecord.Phases phases = BulkLoad.run(db, StorageLoader.of(dataset.storage(), generator),
                new LoadInput(dataset.users(), passwordHashes, groups, dynamic), progress);
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            SeedRecord record = dataset.record(SeedRecord.LOADED, phases, Duration.ofNanos(System.nanoTime() - t0),
                    databaseBytes(c, db.name()), null);
            s.execute("UPDATE " + MARKER + " SET state = 'complete', record = " + quote(Json.text(record)) + "::jsonb");
            return record;
        }
    }

    private static SeedRecord read(String text) {
        return DatasetStore.record(text);
    }

    /** A SQL string literal (the text is ours: JSON and dataset keys). */
    private static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
