package io.idbench.cli;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.ConnectionPools;
import io.idbench.provision.PostgresProvider;
import io.idbench.provision.SearchEngineProvider;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.search.RefreshPolicy;
import io.idbench.service.Json;
import io.idbench.service.PasswordHasher;
import io.idbench.service.ScimServer;
import io.idbench.service.TokenService;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.Deque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code idbench serve}: provisions PostgreSQL, starts the SCIM service and runs until Ctrl-C or
 * SIGTERM, then stops everything it started (PostgreSQL included), in reverse order.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Starts the identity service under test (SCIM 2.0 at /scim/v2) on PostgreSQL, searching with SQL,",
                "Elasticsearch or OpenSearch. Prints which provider it chose for each service, and why.",
                "Runs until Ctrl-C or SIGTERM, then stops everything it started, PostgreSQL included."},
        footer = {"", "Example:",
                "  java -jar target/idbench.jar serve --port=8080 --token=change-me-0123456789",
                "  curl -H 'Authorization: Bearer change-me-0123456789' http://127.0.0.1:8080/scim/v2/Users"})
public final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--storage", paramLabel = "<storage>", defaultValue = ScenarioConfig.DEFAULT_STORAGE,
            description = "How identities are stored: jsonb (one jsonb document per identity) or relational "
                    + "(Syncope's EAV tables) (default: ${DEFAULT-VALUE}).")
    String storage;

    @Option(names = "--bind", paramLabel = "<address>", defaultValue = ScenarioConfig.DEFAULT_BIND,
            description = "Address to listen on (default: ${DEFAULT-VALUE}, loopback only).")
    String bind;

    @Option(names = "--port", paramLabel = "<port>", defaultValue = "" + ScenarioConfig.DEFAULT_PORT,
            description = "HTTP port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--token", paramLabel = "<token>",
            description = "Static bearer token, at least 16 characters (default: a random one, printed at start).")
    String token;

    @Option(names = "--admin-user", paramLabel = "<user>", defaultValue = ScenarioConfig.DEFAULT_ADMIN_USER,
            description = "User name accepted by POST /oauth/token (default: ${DEFAULT-VALUE}).")
    String adminUser;

    @Option(names = "--admin-password", paramLabel = "<password>",
            description = "Password accepted by POST /oauth/token, at least 8 characters (default: a random one, printed at start).")
    String adminPassword;

    @Option(names = "--password-hash", paramLabel = "<algorithm>", defaultValue = ScenarioConfig.DEFAULT_PASSWORD_HASH,
            description = "How user passwords are stored: ssha256 (salted SHA-256) or bcrypt (default: ${DEFAULT-VALUE}).")
    String passwordHash;

    @Option(names = "--bcrypt-cost", paramLabel = "<cost>", defaultValue = "" + ScenarioConfig.DEFAULT_BCRYPT_COST,
            description = "bcrypt cost factor, 4..31 (default: ${DEFAULT-VALUE}).")
    int bcryptCost;

    @Option(names = "--dyn", paramLabel = "<true|false>", arity = "1", defaultValue = "" + ScenarioConfig.DEFAULT_DYN,
            description = "Dynamic memberships: with true the groups type-a … type-j exist, each with the condition "
                    + "userType eq \"Type X\", kept current on every user save; with false they do not (default: ${DEFAULT-VALUE}).")
    boolean dyn;

    @Option(names = "--search", paramLabel = "<search>", defaultValue = ScenarioConfig.DEFAULT_SEARCH,
            description = "Who answers user searches: sql (the storage's own queries), elasticsearch or opensearch "
                    + "(default: ${DEFAULT-VALUE}).")
    String search;

    @Option(names = "--search-provider", paramLabel = "<provider>", defaultValue = ScenarioConfig.DEFAULT_PROVIDER,
            description = "Where the search engine comes from: auto (testcontainers when a container engine answers, "
                    + "else embedded; external with --search-url), embedded, testcontainers or external (default: ${DEFAULT-VALUE}).")
    String searchProvider;

    @Option(names = "--search-url", paramLabel = "<url>",
            description = "External engine, e.g. http://127.0.0.1:19200 (docker-compose.yml starts one).")
    String searchUrl;

    @Option(names = "--search-refresh", paramLabel = "<policy>", defaultValue = ScenarioConfig.DEFAULT_SEARCH_REFRESH,
            description = "What a search sees right after a write: false (within the 1 s refresh interval), wait_for "
                    + "(writes wait for it) or true (a refresh per write) (default: ${DEFAULT-VALUE}). "
                    + "Lookups by a unique key (userName eq …) always read the database.")
    String searchRefresh;

    @Option(names = "--search-index", paramLabel = "<name>", defaultValue = ScenarioConfig.DEFAULT_SEARCH_INDEX,
            description = "Name of the user index (default: ${DEFAULT-VALUE}).")
    String searchIndex;

    @Option(names = "--search-heap", paramLabel = "<size>", defaultValue = ScenarioConfig.DEFAULT_SEARCH_HEAP,
            description = "JVM heap of an embedded or containerised engine (default: ${DEFAULT-VALUE}).")
    String searchHeap;

    @Option(names = "--search-home", paramLabel = "<dir>",
            description = "Directory holding the unpacked engines (default: the build's target/search-dist).")
    String searchHome;

    @Option(names = "--db-provider", paramLabel = "<provider>", defaultValue = ScenarioConfig.DEFAULT_PROVIDER,
            description = "Where PostgreSQL comes from: auto (testcontainers when a container engine answers, else "
                    + "embedded; external with --db-url), embedded, testcontainers or external (default: ${DEFAULT-VALUE}).")
    String dbProvider;

    @Option(names = "--pg-image", paramLabel = "<image>", defaultValue = "${env:IDBENCH_PG_IMAGE:-" + ScenarioConfig.DEFAULT_PG_IMAGE + "}",
            description = "PostgreSQL image for the testcontainers provider (default: ${DEFAULT-VALUE}; env IDBENCH_PG_IMAGE).")
    String pgImage;

    @Option(names = "--elasticsearch-image", paramLabel = "<image>",
            defaultValue = "${env:IDBENCH_ELASTICSEARCH_IMAGE:-" + ScenarioConfig.DEFAULT_ELASTICSEARCH_IMAGE + "}",
            description = "Elasticsearch image for the testcontainers provider (default: ${DEFAULT-VALUE}).")
    String elasticsearchImage;

    @Option(names = "--opensearch-image", paramLabel = "<image>",
            defaultValue = "${env:IDBENCH_OPENSEARCH_IMAGE:-" + ScenarioConfig.DEFAULT_OPENSEARCH_IMAGE + "}",
            description = "OpenSearch image for the testcontainers provider (default: ${DEFAULT-VALUE}).")
    String opensearchImage;

    @Option(names = "--db-url", paramLabel = "<jdbc-url>",
            description = "External PostgreSQL, e.g. jdbc:postgresql://127.0.0.1:15432/idbench (default: auto).")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "<user>", defaultValue = "postgres",
            description = "User for --db-url (default: ${DEFAULT-VALUE}).")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "<password>", defaultValue = "",
            description = "Password for --db-url (default: empty).")
    String dbPassword;

    @Option(names = "--db-pool-size", paramLabel = "<n>", defaultValue = "" + ScenarioConfig.DEFAULT_DB_POOL_SIZE,
            description = "JDBC connections in the pool (default: ${DEFAULT-VALUE}).")
    int dbPoolSize;

    @Option(names = "--pg-shared-buffers", paramLabel = "<size>", defaultValue = ScenarioConfig.DEFAULT_PG_SHARED_BUFFERS,
            description = "shared_buffers of the embedded PostgreSQL (default: ${DEFAULT-VALUE}).")
    String pgSharedBuffers;

    @Option(names = "--max-results", paramLabel = "<n>", defaultValue = "" + ScenarioConfig.DEFAULT_MAX_RESULTS,
            description = "Largest page a list request returns; also the default count (default: ${DEFAULT-VALUE}).")
    int maxResults;

    @Option(names = "--max-group-members", paramLabel = "<n>", defaultValue = "" + ScenarioConfig.DEFAULT_MAX_GROUP_MEMBERS,
            description = "A full GET of a larger group answers 400 tooMany; page members with "
                    + "/Users?filter=groups.value eq \"<id>\" (default: ${DEFAULT-VALUE}).")
    int maxGroupMembers;

    @Option(names = "--token-ttl", paramLabel = "<seconds>", defaultValue = "" + ScenarioConfig.DEFAULT_TOKEN_TTL_SECONDS,
            description = "Lifetime of tokens issued by /oauth/token (default: ${DEFAULT-VALUE}).")
    int tokenTtl;

    @Option(names = "--info-file", paramLabel = "<file>",
            description = "Write base URL, port and token as JSON to this file once the service is ready (for scripts).")
    Path infoFile;

    /** The running engine's URL, once started. */
    private String engineUrl;

    @Override
    public Integer call() throws Exception {
        ScenarioConfig config = ScenarioConfig.builder().withStorage(storage).withBind(bind).withPort(port)
                .withToken(token).withAdminUser(adminUser).withAdminPassword(adminPassword)
                .withPasswordHash(passwordHash).withBcryptCost(bcryptCost).withDbUrl(dbUrl).withDbUser(dbUser)
                .withDbPassword(dbPassword).withDbPoolSize(dbPoolSize).withPgSharedBuffers(pgSharedBuffers)
                .withMaxResults(maxResults).withTokenTtlSeconds(tokenTtl).withMaxGroupMembers(maxGroupMembers).withDyn(dyn)
                .withSearch(search).withSearchProvider(searchProvider).withSearchUrl(searchUrl).withSearchRefresh(searchRefresh)
                .withSearchIndex(searchIndex).withSearchHeap(searchHeap).withSearchHome(searchHome)
                .withDbProvider(dbProvider).withPgImage(pgImage).withElasticsearchImage(elasticsearchImage)
                .withOpensearchImage(opensearchImage).build();
        PrintWriter out = spec.commandLine().getOut();
        Deque<AutoCloseable> started = new ConcurrentLinkedDeque<>();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stopAll(started, out);
            stopped.countDown();
        }, "idbench-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            // The engine takes 10 to 30 s to start, PostgreSQL 1 to 3 s: start them side by side.
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
            HikariDataSource ds = ConnectionPools.create(pg, config.dbPoolSize());
            started.push(ds);
            IdentityStore store = IdentityStores.open(config.storage(), ds, Json.mapper());
            if (engine != null) {
                SearchEngineProvider searchEngine = join(engine);
                out.println(searchEngine.description());
                out.flush();
                try {
                    store = IndexedIdentityStore.connect(store, ds, config.search(), searchEngine.url(), config.searchIndex(),
                            RefreshPolicy.of(config.searchRefresh()), Json.mapper());
                } catch (RuntimeException e) {
                    store.close();
                    throw e;
                }
                engineUrl = searchEngine.url();
            }
            started.push(store);
            String staticToken = config.token() != null ? config.token() : TokenService.randomToken();
            String adminPw = config.adminPassword() != null ? config.adminPassword() : TokenService.randomToken();
            TokenService tokens = new TokenService(staticToken, config.adminUser(), adminPw, config.tokenTtlSeconds(),
                    Clock.systemUTC());
            ScimServer server = ScimServer.start(config, store, tokens,
                    PasswordHasher.of(config.passwordHash(), config.bcryptCost()));
            started.push(server);
            printReady(out, config, server, staticToken, adminPw);
            if (infoFile != null) {
                writeInfo(server, staticToken, store.name(), config);
            }
        } catch (RuntimeException e) {
            Runtime.getRuntime().removeShutdownHook(hook);
            stopAll(started, out);
            throw e;
        }
        stopped.await();
        return 0;
    }

    private void printReady(PrintWriter out, ScenarioConfig config, ScimServer server, String staticToken, String adminPw) {
        String root = server.baseUrl().substring(0, server.baseUrl().length() - ScimServer.BASE_PATH.length());
        out.println("Storage: " + config.storage() + "; search: " + (config.searchEngine() ? config.search()
                + " (refresh=" + config.searchRefresh() + "; key lookups and a stale index go to the database; status at "
                + root + "/idbench/search-index)" : "sql") + "; dynamic groups: " + (config.dyn() ? "type-a … type-j" : "none")
                + "; passwords: " + config.passwordHash());
        out.println("SCIM 2.0 service ready at " + server.baseUrl());
        out.println("  static token:  " + staticToken + (config.token() == null ? "   (generated; fix it with --token)" : ""));
        out.println("  issue a token: curl -s -u " + config.adminUser() + ":" + (config.adminPassword() == null ? adminPw : "<admin password>")
                + " -d grant_type=client_credentials " + root + ScimServer.TOKEN_PATH);
        out.println("  try:           curl -s -H 'Authorization: Bearer " + staticToken + "' " + server.baseUrl() + "/Users");
        out.println("Stop with Ctrl-C (or SIGTERM): the service, PostgreSQL and the search engine stop together.");
        out.flush();
    }

    private void writeInfo(ScimServer server, String staticToken, String storageName, ScenarioConfig config) throws IOException {
        var json = Json.mapper().createObjectNode();
        json.put("baseUrl", server.baseUrl()).put("port", server.port()).put("token", staticToken)
                .put("storage", storageName).put("search", config.search()).put("pid", ProcessHandle.current().pid());
        if (config.searchEngine()) {
            json.put("searchUrl", engineUrl).put("searchIndex", config.searchIndex());
        }
        Path tmp = infoFile.resolveSibling(infoFile.getFileName() + ".tmp");
        Files.writeString(tmp, json.toPrettyString());
        Files.move(tmp, infoFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static SearchEngineProvider join(CompletableFuture<SearchEngineProvider> engine) {
        try {
            return engine.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** Stops the engine once its start has finished (or does nothing when it failed to start). */
    private static void closeWhenStarted(CompletableFuture<SearchEngineProvider> engine) {
        try {
            engine.join().close();
        } catch (java.util.concurrent.CompletionException failedToStart) {
            // nothing was left running: the provider cleans up after a failed start
        }
    }

    private static void stopAll(Deque<AutoCloseable> started, PrintWriter out) {
        while (!started.isEmpty()) {
            AutoCloseable c = started.pop();
            try {
                c.close();
            } catch (Exception e) {
                out.println("idbench: while stopping " + c.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        out.println("Stopped.");
        out.flush();
    }
}
