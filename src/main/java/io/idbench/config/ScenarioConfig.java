package io.idbench.config;

import io.soabase.recordbuilder.core.RecordBuilder;
import io.soabase.recordbuilder.core.RecordBuilder.Initializer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Everything a service is configured with, validated once and immutable afterwards (HikariCP style: named defaults, one
 * validation with precise messages). Built with the generated builder, the defaults set:
 * {@code ScenarioConfig.builder().withStorage(Storage.JSONB).withPort(0).build()}; names given as text (picocli options)
 * are parsed to the typed choices by their own {@code parse} first. The run's parameters that reach it are declared in
 * {@link Parameters}.
 *
 * @param token          the static bearer token, or null when one is to be generated
 * @param adminPassword  the token endpoint's password, or null when one is to be generated
 * @param dbUrl          external PostgreSQL JDBC URL, or null for a PostgreSQL idbench starts
 * @param pgMemory       the most memory PostgreSQL may use as given (e.g. 1GB), or {@link #NO_MEMORY_BOUND}
 * @param searchMemory   the most memory the engine may use as given, or {@link #NO_MEMORY_BOUND}
 * @param datasetsMaxBytes the most the kept datasets may take on disk; {@link #NO_DATASETS_BUDGET} for no bound
 * @param dyn            whether the ten dynamic groups type-a … type-j exist
 * @param searchNodes    nodes of the embedded engine's cluster (1: a single node)
 * @param searchUrl      the engine's URL, or several nodes of one cluster, comma-separated; null: an engine idbench starts
 * @param users          identities 1 … users of the docs/workload.md profile, seeded (or reused) before the service starts
 * @param fresh          load the dataset again even when it is kept
 * @param pgDataDir      the embedded PostgreSQL's data directory as given ({@code ~} unexpanded), or {@link #NO_PG_DATA_DIR}
 * @param usersCsv       where to write the seeded ids and userNames as CSV (JMeter's CSV Data Set), or null
 * @param replica        another serve's database and engine, served as they are (nothing seeded, created or rebuilt)
 * @param tokenKey       the key that signs issued tokens, shared by replicas; null: a random one per process
 * @param handicap       a known cost added to chosen operations, for calibrating the regression verdict
 */
@RecordBuilder
@RecordBuilder.Options(setterPrefix = "with", addStaticBuilder = false)
public record ScenarioConfig(
        @Initializer("DEFAULT_STORAGE") Storage storage,
        @Initializer("DEFAULT_BIND") String bind,
        @Initializer("DEFAULT_PORT") int port,
        String token,
        @Initializer("DEFAULT_ADMIN_USER") String adminUser,
        String adminPassword,
        @Initializer("DEFAULT_PASSWORD_HASH") PasswordHash passwordHash,
        @Initializer("DEFAULT_BCRYPT_COST") int bcryptCost,
        String dbUrl,
        @Initializer("DEFAULT_DB_USER") String dbUser,
        @Initializer("NO_PASSWORD") String dbPassword,
        @Initializer("DEFAULT_DB_POOL_SIZE") int dbPoolSize,
        @Initializer("DEFAULT_STATEMENT_TIMEOUT_MS") int statementTimeoutMs,
        @Initializer("DEFAULT_MAX_RESULTS") int maxResults,
        @Initializer("DEFAULT_TOKEN_TTL_SECONDS") int tokenTtlSeconds,
        @Initializer("DEFAULT_PG_SHARED_BUFFERS") String pgSharedBuffers,
        @Initializer("NO_MEMORY_BOUND") String pgMemory,
        @Initializer("NO_MEMORY_BOUND") String searchMemory,
        @Initializer("NO_DATASETS_BUDGET") long datasetsMaxBytes,
        @Initializer("DEFAULT_PG_DATA_DIR_WAIT_SECONDS") int pgDataDirWaitSeconds,
        @Initializer("DEFAULT_MAX_GROUP_MEMBERS") int maxGroupMembers,
        @Initializer("DEFAULT_DYN") boolean dyn,
        @Initializer("DEFAULT_PROVIDER") Provider dbProvider,
        @Initializer("DEFAULT_PG_IMAGE") String pgImage,
        @Initializer("DEFAULT_SEARCH") SearchMode search,
        @Initializer("DEFAULT_PROVIDER") Provider searchProvider,
        String searchUrl,
        @Initializer("DEFAULT_SEARCH_REFRESH") RefreshPolicy searchRefresh,
        @Initializer("DEFAULT_SEARCH_INDEX") String searchIndex,
        @Initializer("DEFAULT_SEARCH_HEAP") String searchHeap,
        @Initializer("DEFAULT_SEARCH_NODES") int searchNodes,
        @Initializer("DEFAULT_SEARCH_SHARDS") int searchShards,
        @Initializer("DEFAULT_SEARCH_REPLICAS") int searchReplicas,
        @Initializer("DEFAULT_ELASTICSEARCH_IMAGE") String elasticsearchImage,
        @Initializer("DEFAULT_OPENSEARCH_IMAGE") String opensearchImage,
        String searchHome,
        @Initializer("DEFAULT_SEARCH_WORK_DIR") String searchWorkDir,
        @Initializer("DEFAULT_USERS") long users,
        boolean fresh,
        @Initializer("DEFAULT_PG_DATA_DIR") String pgDataDir,
        String usersCsv,
        boolean replica,
        String tokenKey,
        @Initializer("NO_HANDICAP") Handicap handicap) {
    public static final Storage DEFAULT_STORAGE = Storage.JSONB;
    /** Loopback only: the service under test is never exposed beyond this machine by default. */
    public static final String DEFAULT_BIND = "127.0.0.1";
    /** 0 = a free port chosen at start-up (never a fixed well-known port). */
    public static final int DEFAULT_PORT = 0;
    public static final String DEFAULT_ADMIN_USER = "admin";
    public static final PasswordHash DEFAULT_PASSWORD_HASH = PasswordHash.SSHA256;
    public static final int DEFAULT_BCRYPT_COST = 10;
    /** Enough connections for 10 JMeter threads plus headroom; PostgreSQL itself has 2 cores here. */
    /** PostgreSQL's own superuser, which the embedded and Testcontainers servers create. */
    public static final String DEFAULT_DB_USER = "postgres";
    public static final int DEFAULT_DB_POOL_SIZE = 20;
    /**
     * The longest one database statement of a request may run, in ms (0: no limit): no client
     * request holds a backend longer. Index builds and seeding run on other connections.
     */
    public static final int DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
    public static final int DEFAULT_MAX_RESULTS = 1000;
    public static final int DEFAULT_TOKEN_TTL_SECONDS = 3600;
    public static final String DEFAULT_PG_SHARED_BUFFERS = "512MB";
    /** The least pg.memory leaves beside shared_buffers: backends' own memory and some page cache. */
    public static final long MIN_PAGE_CACHE = 256L << 20;
    /**
     * The least search.memory leaves per node beside its heap: the JVM's memory outside the heap (direct buffers up to half
     * the heap, its code, its threads, Elasticsearch's launcher JVM) and some page cache. Below it the kernel kills the engine
     * instead of slowing it.
     */
    public static final long MIN_ENGINE_OFF_HEAP = 768L << 20;
    /** pg.memory, search.memory: no bound on the memory the server may use for caching (the machine's). */
    public static final String NO_MEMORY_BOUND = "none";
    /** A full GET of a larger group answers 400 tooMany instead of building a huge response. */
    public static final int DEFAULT_MAX_GROUP_MEMBERS = 10_000;
    /** Testcontainers when a container engine answers, else embedded; external when a URL is given. */
    public static final Provider DEFAULT_PROVIDER = Provider.AUTO;
    public static final String DEFAULT_PG_IMAGE = "postgres:17";
    /** sql = the storage's own queries; otherwise the engine answers searches. */
    public static final SearchMode DEFAULT_SEARCH = SearchMode.SQL;
    /** Near-real-time, as Syncope: a search sees a write after the next periodic refresh (1 s). */
    public static final RefreshPolicy DEFAULT_SEARCH_REFRESH = RefreshPolicy.FALSE;
    public static final String DEFAULT_SEARCH_INDEX = "idbench-users";
    /** Small, as in the 2018 study's single-VM setup; the machine also runs PostgreSQL, the service and JMeter. */
    public static final String DEFAULT_SEARCH_HEAP = "512m";
    /** One node of the embedded engine; more form a cluster on loopback (each with the search heap). */
    public static final int DEFAULT_SEARCH_NODES = 1;
    public static final int MAX_SEARCH_NODES = 5;
    /** A token key's least length: 32 characters, at least 192 bits from the 64 of base64. */
    public static final int MIN_TOKEN_KEY = 32;
    /** One primary shard: the 2018 study's single-node layout; on a cluster, more spread the index over the nodes. */
    public static final int DEFAULT_SEARCH_SHARDS = 1;
    /** No replica: on one node a replica could never be allocated; a cluster can keep one per further node. */
    public static final int DEFAULT_SEARCH_REPLICAS = 0;
    public static final String DEFAULT_ELASTICSEARCH_IMAGE = "docker.elastic.co/elasticsearch/elasticsearch:"
            + EngineVersions.ELASTICSEARCH;
    public static final String DEFAULT_OPENSEARCH_IMAGE = "opensearchproject/opensearch:" + EngineVersions.OPENSEARCH;
    /** Data, logs and temp files of embedded engines, one subdirectory per started engine. */
    public static final String DEFAULT_SEARCH_WORK_DIR = "target/search-engines";
    /** Dynamic memberships off: the 2018 "nodyn" scenarios; scenarios switch them on explicitly. */
    public static final boolean DEFAULT_DYN = false;
    /** Identities seeded before the service starts: none unless asked (a scenario's size). */
    public static final long DEFAULT_USERS = 0;
    /** The largest dataset the generator's unique values are designed for (docs/workload.md goes to 1M). */
    public static final long MAX_USERS = 10_000_000;
    /**
     * Where the embedded PostgreSQL keeps its data directory, and with it the seeded datasets, from
     * one run to the next (per PostgreSQL major: a data directory only opens with its own).
     */
    public static final String DEFAULT_PG_DATA_DIR = "~/.cache/idbench/postgres-17";
    /** The data directory of a comparison's other side, beside the run's: both servers run at once. */
    public static final String OTHER_SIDE_SUFFIX = "-versus";
    /** --pg-data-dir=none: a throw-away data directory, removed when PostgreSQL stops; nothing is kept. */
    public static final String NO_PG_DATA_DIR = "none";
    /**
     * How long a run waits for another that holds the kept data directory (two executors, a person beside the nightly job)
     * before it gives up: longer than a scenario takes, shorter than a night.
     */
    public static final int DEFAULT_PG_DATA_DIR_WAIT_SECONDS = 1800;
    /** No bound on the kept datasets' size: datasets are only removed when asked ({@code idbench datasets prune}). */
    public static final long NO_DATASETS_BUDGET = 0;

    /** db.password: none, as PostgreSQL's trust authentication on loopback takes. */
    public static final String NO_PASSWORD = "";
    public static final Handicap NO_HANDICAP = Handicap.NONE;

    /** Validates every parameter; the first problem is reported as one precise line. */
    public ScenarioConfig {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(passwordHash, "passwordHash");
        Objects.requireNonNull(dbProvider, "dbProvider");
        Objects.requireNonNull(search, "search");
        Objects.requireNonNull(searchProvider, "searchProvider");
        Objects.requireNonNull(searchRefresh, "searchRefresh");
        Objects.requireNonNull(handicap, "handicap");
        Objects.requireNonNull(dbUser, "dbUser");
        validateService(bind, port, token, adminUser, adminPassword, bcryptCost, dbUrl, dbPoolSize, statementTimeoutMs, maxResults,
                tokenTtlSeconds, pgSharedBuffers, maxGroupMembers, tokenKey);
        validateMemory(pgMemory, pgSharedBuffers);
        validateProviders(dbProvider, dbUrl, pgMemory, search, searchProvider, searchUrl, searchIndex, searchHeap, pgImage,
                elasticsearchImage, opensearchImage);
        validateSearchLayout(searchProvider, searchNodes, searchShards, searchReplicas);
        validateSearchMemory(searchMemory, search, searchUrl, searchNodes, searchHeap);
        validateSeed(users, fresh, usersCsv, pgDataDir, pgDataDirWaitSeconds, datasetsMaxBytes);
        validateReplica(replica, dbProvider, search, searchProvider, fresh, usersCsv);
    }

    /** A builder with every default set. */
    public static ScenarioConfigBuilder builder() {
        return ScenarioConfigBuilder.builder();
    }

    /**
     * The most memory PostgreSQL's processes may use, the page cache of its files included, in bytes; 0 for no bound
     * ({@link #NO_MEMORY_BOUND}).
     */
    public long pgMemoryBytes() {
        return unbounded(pgMemory) ? 0 : ByteSize.parse("pg.memory", pgMemory);
    }

    /**
     * The most memory the embedded or containerised engine may use (all its nodes), heaps and the page cache of its index
     * included, in bytes; 0 for no bound ({@link #NO_MEMORY_BOUND}).
     */
    public long searchMemoryBytes() {
        return unbounded(searchMemory) ? 0 : ByteSize.parse("search.memory", searchMemory);
    }

    /** How long to wait for another run that holds the kept data directory. */
    public Duration pgDataDirWait() {
        return Duration.ofSeconds(pgDataDirWaitSeconds);
    }

    /** The engine's URLs: one, or several nodes of one cluster (comma-separated in search url). */
    public List<String> searchUrls() {
        return searchUrl == null ? List.of() : Arrays.stream(searchUrl.split(",")).map(String::trim).toList();
    }

    /** The embedded PostgreSQL's data directory, {@code ~} expanded; null for a throw-away one. */
    public Path pgDataPath() {
        if (pgDataDir.equals(NO_PG_DATA_DIR)) {
            return null;
        }
        return expandHome(pgDataDir).toAbsolutePath();
    }

    /** A path as given, a leading {@code ~/} standing for the user's home (as a shell would read it). */
    public static Path expandHome(String path) {
        return Path.of(path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path);
    }

    /**
     * Where an embedded engine keeps snapshots of a dataset's index (its path.repo), beside the
     * kept PostgreSQL data directory, one repository per engine (Elasticsearch's repository metadata
     * is not OpenSearch's); null with a throw-away data directory (nothing is kept) or without an engine.
     */
    public Path searchSnapshotDir() {
        Path pg = pgDataPath();
        return pg == null || !searchEngine() ? null : pg.resolveSibling(pg.getFileName() + "-search-snapshots").resolve(search.id());
    }

    /** True when searches run on a search engine. */
    public boolean searchEngine() {
        return search.engine();
    }

    /** {@code text} as a size in bytes: {@link #NO_DATASETS_BUDGET} when empty (no bound). */
    public static long datasetsBudget(String text) {
        return text == null || text.isBlank() ? NO_DATASETS_BUDGET : ByteSize.parse("datasets.maxBytes", text);
    }

    private static void validateService(String bind, int port, String token, String adminUser, String adminPassword,
            int bcryptCost, String dbUrl, int dbPoolSize, int statementTimeoutMs, int maxResults, int tokenTtlSeconds,
            String pgSharedBuffers, int maxGroupMembers, String tokenKey) {
        if (bind == null || bind.isBlank()) {
            throw new ConfigException("bind address must not be empty");
        }
        try {
            InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new ConfigException("bind address '" + bind + "' is not a valid address");
        }
        if (port < 0 || port > 65535) {
            throw new ConfigException("port must be between 0 and 65535 (0 = a free port), was " + port);
        }
        if (token != null && token.length() < 16) {
            throw new ConfigException("token must be at least 16 characters long, was " + token.length());
        }
        if (adminUser == null || adminUser.isBlank()) {
            throw new ConfigException("admin user must not be empty");
        }
        if (adminPassword != null && adminPassword.length() < 8) {
            throw new ConfigException("admin password must be at least 8 characters long, was " + adminPassword.length());
        }
        if (bcryptCost < 4 || bcryptCost > 31) {
            throw new ConfigException("bcrypt cost must be between 4 and 31, was " + bcryptCost);
        }
        if (dbUrl != null && !dbUrl.startsWith("jdbc:postgresql://")) {
            throw new ConfigException("db url must start with jdbc:postgresql://, was '" + dbUrl + "'");
        }
        if (dbPoolSize < 1 || dbPoolSize > 500) {
            throw new ConfigException("db pool size must be between 1 and 500, was " + dbPoolSize);
        }
        if (statementTimeoutMs < 0 || statementTimeoutMs > 3_600_000) {
            throw new ConfigException("statement timeout must be between 0 (none) and 3600000 ms, was " + statementTimeoutMs);
        }
        if (maxResults < 1 || maxResults > 100_000) {
            throw new ConfigException("max results must be between 1 and 100000, was " + maxResults);
        }
        if (tokenTtlSeconds < 1) {
            throw new ConfigException("token TTL must be at least 1 second, was " + tokenTtlSeconds);
        }
        if (pgSharedBuffers == null || !pgSharedBuffers.matches("\\d+(kB|MB|GB)")) {
            throw new ConfigException("PostgreSQL shared_buffers must look like 512MB or 2GB, was '" + pgSharedBuffers + "'");
        }
        if (maxGroupMembers < 1) {
            throw new ConfigException("max group members must be at least 1, was " + maxGroupMembers);
        }
        if (tokenKey != null && tokenKey.length() < MIN_TOKEN_KEY) {
            throw new ConfigException("token key must be at least " + MIN_TOKEN_KEY + " characters long, was " + tokenKey.length());
        }
    }

    private static boolean unbounded(String memory) {
        return memory == null || memory.isBlank() || memory.strip().equals(NO_MEMORY_BOUND);
    }

    private static void validateMemory(String pgMemory, String pgSharedBuffers) {
        if (unbounded(pgMemory)) {
            return;
        }
        long bound = ByteSize.parse("pg.memory", pgMemory);
        long sharedBuffers = ByteSize.parse("shared_buffers", pgSharedBuffers);
        // Shared memory is charged to the group too: with no room beside it, the server would be killed, not slowed.
        if (bound < sharedBuffers + MIN_PAGE_CACHE) {
            throw new ConfigException("pg.memory=" + pgMemory.strip() + " leaves no room beside shared_buffers=" + pgSharedBuffers
                    + ": give at least " + ByteSize.format(sharedBuffers + MIN_PAGE_CACHE) + " (none: no bound)");
        }
    }

    /** The providers and what they are given. */
    private static void validateProviders(Provider dbProvider, String dbUrl, String pgMemory, SearchMode search, Provider searchProvider,
            String searchUrl, String searchIndex, String searchHeap, String pgImage, String elasticsearchImage, String opensearchImage) {
        if (dbProvider == Provider.EXTERNAL && dbUrl == null) {
            throw new ConfigException("db provider external needs a db url (jdbc:postgresql://…)");
        }
        if (dbUrl != null && (dbProvider == Provider.EMBEDDED || dbProvider == Provider.TESTCONTAINERS)) {
            throw new ConfigException("a db url is given, but the db provider is " + dbProvider + "; use external or auto");
        }
        if (!unbounded(pgMemory) && dbUrl != null) {
            throw new ConfigException("pg.memory bounds a PostgreSQL idbench starts, not the external one at " + dbUrl
                    + "; bound that server's memory where it runs");
        }
        if (!search.engine() && (searchUrl != null || searchProvider != DEFAULT_PROVIDER)) {
            throw new ConfigException("a search " + (searchUrl != null ? "url" : "provider") + " is given, but search is sql;"
                    + " choose elasticsearch or opensearch");
        }
        if (searchProvider == Provider.EXTERNAL && searchUrl == null) {
            throw new ConfigException("search provider external needs a search url (http://host:port)");
        }
        if (searchUrl != null && (searchProvider == Provider.EMBEDDED || searchProvider == Provider.TESTCONTAINERS)) {
            throw new ConfigException("a search url is given, but the search provider is " + searchProvider + "; use external or"
                    + " auto");
        }
        if (searchUrl != null && !searchUrl.matches("https?://[^/\\s,]+/?(,\\s*https?://[^/\\s,]+/?)*")) {
            throw new ConfigException("search url must look like http://host:port (or several, comma-separated: the nodes of one"
                    + " cluster), was '" + searchUrl + "'");
        }
        if (searchIndex == null || !searchIndex.matches("[a-z0-9][a-z0-9_-]{0,99}")) {
            throw new ConfigException("search index must be lower-case letters, digits, '-' or '_' (at most 100), was '"
                    + searchIndex + "'");
        }
        if (searchHeap == null || !searchHeap.matches("\\d+[mg]")) {
            throw new ConfigException("search heap must look like 512m or 1g, was '" + searchHeap + "'");
        }
        for (String image : new String[] {pgImage, elasticsearchImage, opensearchImage}) {
            if (image == null || image.isBlank()) {
                throw new ConfigException("container image names must not be empty");
            }
        }
    }

    /** search.memory: an engine idbench starts, with room beside its nodes' heaps. */
    private static void validateSearchMemory(String searchMemory, SearchMode search, String searchUrl, int searchNodes, String searchHeap) {
        if (unbounded(searchMemory)) {
            return;
        }
        long bound = ByteSize.parse("search.memory", searchMemory);
        if (!search.engine()) {
            throw new ConfigException("search.memory bounds the search engine's memory, but search is sql; choose elasticsearch or"
                    + " opensearch");
        }
        if (searchUrl != null) {
            throw new ConfigException("search.memory bounds an engine idbench starts, not the external one at " + searchUrl
                    + "; bound that engine's memory where it runs");
        }
        long least = searchNodes * (ByteSize.parse("search heap", searchHeap) + MIN_ENGINE_OFF_HEAP);
        // The heap is charged to the group too: with no room beside it, the engine would be killed, not slowed.
        if (bound < least) {
            throw new ConfigException("search.memory=" + searchMemory.strip() + " leaves no room beside search.heap=" + searchHeap
                    + (searchNodes > 1 ? " on each of " + searchNodes + " nodes" : "") + ": give at least "
                    + ByteSize.format(least) + " (none: no bound)");
        }
    }

    /** A replica only serves: the database and engine are another serve's, given by URL, and their data is left as it is. */
    private static void validateReplica(boolean replica, Provider dbProvider, SearchMode search, Provider searchProvider, boolean fresh,
            String usersCsv) {
        if (!replica) {
            return;
        }
        if (dbProvider != Provider.EXTERNAL) {
            throw new ConfigException("a replica serves another serve's database: give its db url (db provider external), was "
                    + dbProvider);
        }
        if (search.engine() && searchProvider != Provider.EXTERNAL) {
            throw new ConfigException("a replica searches another serve's engine: give its search url (search provider external),"
                    + " was " + searchProvider);
        }
        if (fresh || usersCsv != null) {
            throw new ConfigException("a replica never seeds: " + (fresh ? "fresh" : "a users CSV") + " is the serve's that seeds");
        }
    }

    /** The engine's nodes (embedded only: a cluster of other providers is given by its URLs) and the index's layout. */
    private static void validateSearchLayout(Provider searchProvider, int searchNodes, int searchShards, int searchReplicas) {
        if (searchNodes < 1 || searchNodes > MAX_SEARCH_NODES) {
            throw new ConfigException("search nodes must be between 1 and " + MAX_SEARCH_NODES + ", was " + searchNodes);
        }
        if (searchNodes > 1 && searchProvider != Provider.EMBEDDED) {
            throw new ConfigException("search nodes " + searchNodes + " starts a cluster of the embedded engine; set the search"
                    + " provider to embedded (was " + searchProvider + "; an external cluster is given by its node URLs)");
        }
        if (searchShards < 1 || searchShards > 64) {
            throw new ConfigException("search shards must be between 1 and 64, was " + searchShards);
        }
        if (searchReplicas < 0 || searchReplicas > MAX_SEARCH_NODES - 1) {
            throw new ConfigException("search replicas must be between 0 and " + (MAX_SEARCH_NODES - 1) + ", was " + searchReplicas);
        }
        if (searchProvider == Provider.EMBEDDED && searchReplicas >= searchNodes) {
            throw new ConfigException("search replicas " + searchReplicas + " need at least " + (searchReplicas + 1) + " search"
                    + " nodes (an engine never puts a replica on its primary's node), was " + searchNodes);
        }
    }

    private static void validateSeed(long users, boolean fresh, String usersCsv, String pgDataDir, int pgDataDirWaitSeconds,
            long datasetsMaxBytes) {
        if (users < 0 || users > MAX_USERS) {
            throw new ConfigException("users must be between 0 and " + MAX_USERS + ", was " + users);
        }
        if (fresh && users == 0) {
            throw new ConfigException("fresh reloads a seeded dataset, but users is 0; give users > 0");
        }
        if (usersCsv != null && users == 0) {
            throw new ConfigException("a users CSV lists seeded identities, but users is 0; give users > 0");
        }
        if (pgDataDir == null || pgDataDir.isBlank()) {
            throw new ConfigException("PostgreSQL data directory must not be empty (none: a throw-away one)");
        }
        if (pgDataDirWaitSeconds < 0) {
            throw new ConfigException("the wait for a data directory in use must be at least 0 s, was " + pgDataDirWaitSeconds);
        }
        if (datasetsMaxBytes < 0) {
            throw new ConfigException("datasets.maxBytes must be at least 0 (0: no bound), was " + datasetsMaxBytes);
        }
    }
}
