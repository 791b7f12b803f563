package io.idbench.cli;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.PasswordHash;
import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.ConnectionPools;
import io.idbench.provision.DeathWatch;
import io.idbench.provision.EmbeddedSearchEngine;
import io.idbench.provision.MemoryBound;
import io.idbench.provision.OrphanReaper;
import io.idbench.provision.PoolWaits;
import io.idbench.provision.PostgresProvider;
import io.idbench.provision.SearchEngineProvider;
import io.idbench.record.Environment;
import io.idbench.record.SeedRecord;
import io.idbench.record.Telemetry;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.search.elastic.IndexLayout;
import io.idbench.search.elastic.SearchEngines;
import io.idbench.seed.Database;
import io.idbench.seed.Dataset;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.SeedProgress;
import io.idbench.seed.Seeder;
import io.idbench.seed.UsersCsv;
import io.idbench.service.PasswordHasher;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.telemetry.ServerTelemetry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What {@code serve} and {@code seed} both bring up, in order: PostgreSQL and the search engine
 * side by side, the dataset (seeded or reused), the store, and the engine's index (bulk-loaded
 * from the database when it is missing). Everything started is pushed onto {@code started} as
 * soon as it runs, so that a shutdown hook can stop it even half-way (Ctrl-C during a seed).
 */
final class ServiceStack {
    final IdentityStore store;
    final Optional<SeedRecord> seed;
    /** The engine's URL, or null with search=sql. */
    final String engineUrl;
    /** What the server side does during a run: database, pool, index. */
    final ServerTelemetry telemetry;
    /** Who provided PostgreSQL and the engine: {"postgresql": {"provider": …, "description": …}, "searchEngine": …}. */
    final Map<String, Environment.Provider> providers;
    /** The database served (a replica connects to it). */
    final Database database;

    private ServiceStack(IdentityStore store, Optional<SeedRecord> seed, String engineUrl, ServerTelemetry telemetry,
            Map<String, Environment.Provider> providers, Database database) {
        this.database = database;
        this.store = store;
        this.seed = seed;
        this.engineUrl = engineUrl;
        this.telemetry = telemetry;
        this.providers = providers;
    }

    static ServiceStack start(ScenarioConfig config, PrintWriter out, Deque<AutoCloseable> started)
            throws SQLException, IOException {
        // The engine takes 5 to 30 s to start, PostgreSQL 1 to 3 s: start them side by side.
        CompletableFuture<SearchEngineProvider> engine = config.searchEngine()
                ? CompletableFuture.supplyAsync(() -> SearchEngineProvider.start(config)) : null;
        if (engine != null) {
            out.println("Starting " + config.search() + " (" + config.searchProvider() + ")…");
            started.push(() -> closeWhenStarted(engine));
        }
        out.println("Starting PostgreSQL (" + config.dbProvider() + ")…");
        out.flush();
        PostgresProvider pg = PostgresProvider.start(config);
        started.push(pg);
        out.println(pg.description());
        Map<String, Environment.Provider> providers = new LinkedHashMap<>();
        Optional<Long> postmaster = postmasterPid(pg);
        providers.put(ReadyFile.POSTGRESQL, new Environment.Provider(pg.provider().id(), pg.description(), postmaster.orElse(null)));
        if (pg.provider() == Provider.EMBEDDED && postmaster.isPresent()) {
            OrphanReaper.watch(postmaster.get(), OrphanReaper.POSTGRES_SIGNAL);
            DeathWatch.failFastWhenGone("The embedded PostgreSQL", postmaster.get());
        }
        MemoryBound bound = bound(config, pg, postmaster, out, started);
        out.flush();

        SeedProgress progress = TerminalProgress.forOutput(line -> {
            out.println(line);
            out.flush();
        });
        Database database = new Database(pg.jdbcUrl(), pg.user(), pg.password());
        Optional<SeedRecord> seed = Optional.empty();
        if (config.replica()) {
            out.println("Replica: serving the database " + database.name() + " as it is (nothing seeded)");
        } else {
            seed = seeder(config, progress, out).prepare(database, dataset(config), config.fresh(), pg.ownsServer());
        }
        if (config.usersCsv() != null) {
            UsersCsv.write(Path.of(config.usersCsv()), config.users());
            out.println("Wrote the ids and userNames of " + config.users() + " identities to " + config.usersCsv());
        }
        PoolWaits waits = new PoolWaits();
        HikariDataSource ds = ConnectionPools.create(pg, config.dbPoolSize(), waits, config.statementTimeoutMs());
        started.push(ds);
        IdentityStore store = IdentityStores.open(config.storage(), ds, Json.mapper());
        String engineUrl = null;
        MemoryBound engineBound = null;
        if (engine != null) {
            SearchEngineProvider searchEngine = join(engine);
            out.println(searchEngine.description());
            providers.put(ReadyFile.SEARCH_ENGINE, new Environment.Provider(searchEngine.provider().id(), searchEngine.description(),
                    searchEngine.hostPid().isPresent() ? searchEngine.hostPid().getAsLong() : null));
            if (searchEngine instanceof EmbeddedSearchEngine embedded) {
                for (long pid : embedded.pids()) {
                    OrphanReaper.watch(pid, OrphanReaper.ENGINE_SIGNAL);
                    DeathWatch.failFastWhenGone("The embedded " + config.search().productName(), pid);
                }
            }
            engineBound = engineBound(config, searchEngine, out);
            out.flush();
            IndexedIdentityStore indexed;
            try {
                indexed = config.replica()
                        ? IndexedIdentityStore.attach(store, ds, SearchEngines.connect(config.search(), searchEngine.url(),
                                config.searchIndex(), config.searchRefresh(), Json.mapper()))
                        : openIndex(config, store, ds, searchEngine, seed, progress);
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
            IndexedIdentityStore engineSide = indexed;
            seed = seed.map(r -> engineSide.lastRebuild().isEmpty() && engineSide.lastRestore().isEmpty() ? r
                    : r.withEngine(engineSide.lastRebuild().map(IndexedIdentityStore.Rebuild::took).orElse(null),
                            engineSide.lastSnapshot().orElse(null), engineSide.lastRestore().orElse(null)));
            indexed.lastRestore().ifPresent(d -> out.println("Search index restored from its snapshot in "
                    + String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0)));
            store = indexed;
            engineUrl = searchEngine.url();
        }
        started.push(store);
        seed.ifPresent(r -> out.println(summary(r)));
        out.flush();
        Supplier<Telemetry.SearchIndex> engineStats = store instanceof IndexedIdentityStore indexed ? indexed.index()::stats : null;
        return new ServiceStack(store, seed, engineUrl, new ServerTelemetry(ds, pg.ownsServer(), waits, engineStats, bound, engineBound),
                providers,
                database);
    }

    /**
     * pg.memory: the embedded server's processes put in a memory cgroup before it writes the run's copy of its dataset, so
     * that copy's pages are charged to it (a container has its limit from the start); null without a bound.
     */
    private static MemoryBound bound(ScenarioConfig config, PostgresProvider pg, Optional<Long> postmaster, PrintWriter out,
            Deque<AutoCloseable> started) {
        if (config.pgMemoryBytes() == 0 || pg.provider() != Provider.EMBEDDED) {
            return null;
        }
        MemoryBound bound = MemoryBound.create("pg.memory", "postgresql", config.pgMemoryBytes());
        started.push(bound);
        bound.add(postmaster.orElseThrow(() -> new IllegalStateException("pg.memory: the embedded PostgreSQL's postmaster is not"
                + " known")));
        out.println("PostgreSQL's memory bounded at " + bound + ": shared_buffers " + config.pgSharedBuffers()
                + ", its own memory and the page cache of its files");
        return bound;
    }

    /** search.memory: the embedded engine's nodes started in a memory cgroup (a container has its limit); null without. */
    private static MemoryBound engineBound(ScenarioConfig config, SearchEngineProvider engine, PrintWriter out) {
        MemoryBound bound = engine instanceof EmbeddedSearchEngine embedded ? embedded.memoryBound().orElse(null) : null;
        if (bound != null) {
            out.println(config.search().productName() + "'s memory bounded at " + bound + ": its heap" + (config.searchNodes() > 1
                    ? "s (" + config.searchNodes() + " nodes of " + config.searchHeap() + ")" : " (" + config.searchHeap() + ")")
                    + ", its own memory and the page cache of its index");
        }
        return bound;
    }

    /** The index of a service that owns its dataset: created, rebuilt or restored from the dataset's snapshot as needed. */
    private static IndexedIdentityStore openIndex(ScenarioConfig config, IdentityStore store, HikariDataSource ds,
            SearchEngineProvider searchEngine, Optional<SeedRecord> seed, SeedProgress progress) {
        if (config.users() > 0) {
            progress.start("search index", config.users(), "identities");
        }
        // An embedded engine starts empty: a seeded dataset's index is restored from its snapshot when kept.
        IndexedIdentityStore.Snapshot snapshot = seed.isPresent() && searchEngine instanceof EmbeddedSearchEngine
                && config.searchSnapshotDir() != null
                        ? new IndexedIdentityStore.Snapshot(config.searchSnapshotDir(), seed.get().dataset()) : null;
        IndexedIdentityStore indexed = IndexedIdentityStore.connect(store, ds, SearchEngines.connect(config.search(),
                searchEngine.url(), config.searchIndex(), config.searchRefresh(), new IndexLayout(config.searchShards(),
                        config.searchReplicas()),
                Json.mapper()), progress::step, snapshot);
        if (config.users() > 0) {
            if (indexed.lastRestore().isPresent()) {
                progress.step(config.users()); // restored whole
            }
            progress.end();
        }
        return indexed;
    }

    /**
     * The postmaster's process id on this machine, for the run's CPU accounting: a container's init
     * process as the host sees it, or the embedded server's (the parent of a backend; pg_backend_pid
     * is a host pid only there). None for an external server.
     */
    static Optional<Long> postmasterPid(PostgresProvider pg) {
        if (pg.hostPid().isPresent()) {
            return Optional.of(pg.hostPid().getAsLong());
        }
        if (pg.provider() != Provider.EMBEDDED) {
            return Optional.empty();
        }
        try (var c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
                var s = c.createStatement(); var rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return ProcessHandle.of(rs.getLong(1)).flatMap(ProcessHandle::parent).map(ProcessHandle::pid);
        } catch (SQLException e) {
            return Optional.empty();
        }
    }

    /** Stops everything started, last first; a failure to stop one is reported and the others still stop. */
    static void stopAll(Deque<AutoCloseable> started, PrintWriter out) {
        DeathWatch.stopping();
        while (!started.isEmpty()) {
            AutoCloseable c = started.pop();
            try {
                c.close();
            } catch (Exception e) {
                out.println("idbench: while stopping " + c.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        out.flush();
    }

    static Dataset dataset(ScenarioConfig config) {
        String hash = config.passwordHash() == PasswordHash.BCRYPT ? "bcrypt" + config.bcryptCost() : config.passwordHash().id();
        return Dataset.of(config.storage(), config.users(), config.dyn(), hash);
    }

    static Seeder seeder(ScenarioConfig config, SeedProgress progress, PrintWriter out) {
        PasswordHasher hasher = PasswordHasher.of(config.passwordHash(), config.bcryptCost());
        return new Seeder(new IdentityGenerator(Json.mapper()), hasher.seedPool(IdentityGenerator.PASSWORD_POOL,
                IdentityGenerator::password), progress, line -> {
                    out.println(line);
                    out.flush();
                }).withBudget(config.datasetsMaxBytes());
    }

    /** One line for people: what was done with the dataset, how long each phase took, the rate. */
    static String summary(SeedRecord r) {
        SeedRecord.Phases p = r.phases();
        // A clone's rate is the copy's speed, not a load's: only a load says identities per second.
        boolean load = SeedRecord.LOADED.equals(r.action()) || SeedRecord.OVER_SCIM.equals(r.action());
        StringBuilder s = new StringBuilder(r.seconds() == 0 ? "Dataset " + r.dataset() + " " + r.action()
                : load ? String.format(Locale.ROOT, "Dataset %s %s in %.1f s (%,.0f identities/s)", r.dataset(), r.action(),
                        r.seconds(), r.identitiesPerSecond())
                        : String.format(Locale.ROOT, "Dataset %s %s in %.1f s", r.dataset(), r.action(), r.seconds()));
        String phases = String.join(", ", Stream.of(
                part("generate", p.generate()), part("COPY", p.copy()),
                part(p.vacuumAnalyze() == null ? "index build + VACUUM ANALYZE" : "index build", p.indexBuild()),
                part("VACUUM ANALYZE", p.vacuumAnalyze()), part("clone", p.cloneDatabase()), part("engine bulk", p.engineBulk()),
                part("engine snapshot", p.engineSnapshot()), part("engine restore", p.engineRestore()))
                .filter(x -> x != null).toList());
        if (phases.isEmpty()) {
            return s.append(" (the dataset loaded ").append(r.loaded().at()).append(" in ").append(r.loaded().seconds()).append(" s)")
                    .toString();
        }
        s.append(": ").append(phases);
        if (p.slowestBuilds() != null) {
            s.append("; longest builds: ").append(String.join(", ", p.slowestBuilds().entrySet().stream().limit(3)
                    .map(e -> String.format(Locale.ROOT, "%s %.1f s", e.getKey(), e.getValue())).toList()));
        }
        return s.toString();
    }

    private static String part(String name, Double seconds) {
        return seconds == null ? null : String.format(Locale.ROOT, "%s %.1f s", name, seconds);
    }

    private static SearchEngineProvider join(CompletableFuture<SearchEngineProvider> engine) {
        try {
            return engine.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** Stops the engine once its start has finished (or does nothing when it failed to start). */
    private static void closeWhenStarted(CompletableFuture<SearchEngineProvider> engine) {
        try {
            engine.join().close();
        } catch (CompletionException failedToStart) {
            // nothing was left running: the provider cleans up after a failed start
        }
    }
}
