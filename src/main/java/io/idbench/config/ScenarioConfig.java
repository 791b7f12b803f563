package io.idbench.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Everything a run is configured with, validated once and immutable afterwards (HikariCP style:
 * named defaults, one validation with precise messages). Built fluently:
 * {@code ScenarioConfig.builder().withStorage(Storage.JSONB).withPort(0).build()}. Names given as text
 * (picocli options, the Maven step) are parsed to the typed choices in {@link Builder#build()}, once.
 *
 * <p>Why one class of this size: every option's name, default and validation message sit side by
 * side, and about half of it is the builder's {@code with*} mirror of the getters. Split, the
 * messages the tests pin would be spread over files that must change together.
 */
public final class ScenarioConfig {
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
    public static final String DEFAULT_ELASTICSEARCH_IMAGE = "docker.elastic.co/elasticsearch/elasticsearch:8.19.21";
    public static final String DEFAULT_OPENSEARCH_IMAGE = "opensearchproject/opensearch:2.19.6";
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

    private final Storage storage;
    private final String bind;
    private final int port;
    private final String token;
    private final String adminUser;
    private final String adminPassword;
    private final PasswordHash passwordHash;
    private final int bcryptCost;
    private final String dbUrl;
    private final String dbUser;
    private final String dbPassword;
    private final int dbPoolSize;
    private final int statementTimeoutMs;
    private final int maxResults;
    private final int tokenTtlSeconds;
    private final String pgSharedBuffers;
    private final long pgMemoryBytes;
    private final long searchMemoryBytes;
    private final long datasetsMaxBytes;
    private final int pgDataDirWaitSeconds;
    private final int maxGroupMembers;
    private final boolean dyn;
    private final Provider dbProvider;
    private final String pgImage;
    private final SearchMode search;
    private final Provider searchProvider;
    private final String searchUrl;
    private final RefreshPolicy searchRefresh;
    private final String searchIndex;
    private final String searchHeap;
    private final int searchNodes;
    private final int searchShards;
    private final int searchReplicas;
    private final String elasticsearchImage;
    private final String opensearchImage;
    private final String searchHome;
    private final String searchWorkDir;
    private final long users;
    private final boolean fresh;
    private final String pgDataDir;
    private final String usersCsv;
    private final Handicap handicap;
    private final boolean replica;
    private final String tokenKey;

    private ScenarioConfig(Builder b) {
        this.storage = b.parsedStorage;
        this.bind = b.bind;
        this.port = b.port;
        this.token = b.token;
        this.adminUser = b.adminUser;
        this.adminPassword = b.adminPassword;
        this.passwordHash = b.parsedPasswordHash;
        this.bcryptCost = b.bcryptCost;
        this.dbUrl = b.dbUrl;
        this.dbUser = b.dbUser;
        this.dbPassword = b.dbPassword;
        this.dbPoolSize = b.dbPoolSize;
        this.statementTimeoutMs = b.statementTimeoutMs;
        this.maxResults = b.maxResults;
        this.tokenTtlSeconds = b.tokenTtlSeconds;
        this.pgSharedBuffers = b.pgSharedBuffers;
        this.pgMemoryBytes = b.parsedPgMemory;
        this.searchMemoryBytes = b.parsedSearchMemory;
        this.pgDataDirWaitSeconds = b.pgDataDirWaitSeconds;
        this.datasetsMaxBytes = b.datasetsMaxBytes == null || b.datasetsMaxBytes.isBlank() ? NO_DATASETS_BUDGET
                : ByteSize.parse("datasets.maxBytes", b.datasetsMaxBytes);
        this.maxGroupMembers = b.maxGroupMembers;
        this.dyn = b.dyn;
        this.dbProvider = b.parsedDbProvider;
        this.pgImage = b.pgImage;
        this.search = b.parsedSearch;
        this.searchProvider = b.parsedSearchProvider;
        this.searchUrl = b.searchUrl;
        this.searchRefresh = b.parsedSearchRefresh;
        this.searchIndex = b.searchIndex;
        this.searchHeap = b.searchHeap;
        this.searchNodes = b.searchNodes;
        this.searchShards = b.searchShards;
        this.searchReplicas = b.searchReplicas;
        this.elasticsearchImage = b.elasticsearchImage;
        this.opensearchImage = b.opensearchImage;
        this.searchHome = b.searchHome;
        this.searchWorkDir = b.searchWorkDir;
        this.users = b.users;
        this.fresh = b.fresh;
        this.pgDataDir = b.pgDataDir;
        this.usersCsv = b.usersCsv;
        this.replica = b.replica;
        this.tokenKey = b.tokenKey;
        this.handicap = b.parsedHandicap;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Storage storage() { return storage; }
    public String bind() { return bind; }
    public int port() { return port; }
    /** The static bearer token, or null when one is to be generated. */
    public String token() { return token; }
    public String adminUser() { return adminUser; }
    /** The token endpoint's password, or null when one is to be generated. */
    public String adminPassword() { return adminPassword; }
    public PasswordHash passwordHash() { return passwordHash; }
    public int bcryptCost() { return bcryptCost; }
    /** External PostgreSQL JDBC URL, or null for the embedded server. */
    public String dbUrl() { return dbUrl; }
    public String dbUser() { return dbUser; }
    public String dbPassword() { return dbPassword; }
    public int dbPoolSize() { return dbPoolSize; }

    public int statementTimeoutMs() { return statementTimeoutMs; }
    public int maxResults() { return maxResults; }
    public int tokenTtlSeconds() { return tokenTtlSeconds; }
    public String pgSharedBuffers() { return pgSharedBuffers; }

    /**
     * The most memory PostgreSQL's processes may use, the page cache of its files included, in bytes; 0 for no bound
     * ({@link #NO_MEMORY_BOUND}).
     */
    public long pgMemoryBytes() {
        return pgMemoryBytes;
    }

    /**
     * The most memory the embedded or containerised engine may use (all its nodes), heaps and the page cache of its index
     * included, in bytes; 0 for no bound ({@link #NO_MEMORY_BOUND}).
     */
    public long searchMemoryBytes() {
        return searchMemoryBytes;
    }

    /** How long to wait for another run that holds the kept data directory. */
    public Duration pgDataDirWait() {
        return Duration.ofSeconds(pgDataDirWaitSeconds);
    }

    /** The most the kept datasets may take on disk, in bytes; {@link #NO_DATASETS_BUDGET} for no bound. */
    public long datasetsMaxBytes() {
        return datasetsMaxBytes;
    }
    public int maxGroupMembers() { return maxGroupMembers; }
    /** Whether the ten dynamic groups type-a … type-j exist. */
    public boolean dyn() { return dyn; }
    public Provider dbProvider() { return dbProvider; }
    public String pgImage() { return pgImage; }
    public SearchMode search() { return search; }
    public Provider searchProvider() { return searchProvider; }
    public String searchUrl() { return searchUrl; }
    public RefreshPolicy searchRefresh() { return searchRefresh; }
    public String searchIndex() { return searchIndex; }
    public String searchHeap() { return searchHeap; }
    /** Nodes of the embedded engine's cluster (1: a single node). */
    public int searchNodes() { return searchNodes; }
    /** Primary shards of the user index. */
    public int searchShards() { return searchShards; }
    /** Replicas of each shard of the user index. */
    public int searchReplicas() { return searchReplicas; }
    /** The engine's URLs: one, or several nodes of one cluster (comma-separated in search url). */
    public List<String> searchUrls() {
        return searchUrl == null ? List.of() : Arrays.stream(searchUrl.split(",")).map(String::trim).toList();
    }
    public String elasticsearchImage() { return elasticsearchImage; }
    public String opensearchImage() { return opensearchImage; }
    public String searchHome() { return searchHome; }
    public String searchWorkDir() { return searchWorkDir; }
    /** Identities 1 … users of the docs/workload.md profile, seeded (or reused) before the service starts. */
    public long users() {
        return users;
    }
    /** Load the dataset again even when it is kept. */
    public boolean fresh() { return fresh; }
    /** The embedded PostgreSQL's data directory, {@code ~} expanded; null for a throw-away one. */
    public Path pgDataDir() {
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
        Path pg = pgDataDir();
        return pg == null || !searchEngine() ? null : pg.resolveSibling(pg.getFileName() + "-search-snapshots").resolve(search.id());
    }

    /** Where to write the seeded ids and userNames as CSV (JMeter's CSV Data Set), or null. */
    public String usersCsv() { return usersCsv; }

    /** A replica: another serve's database and engine, served as they are (nothing seeded, created or rebuilt). */
    public boolean replica() {
        return replica;
    }

    /** The key that signs issued tokens, shared by replicas; null: a random one per process. */
    public String tokenKey() {
        return tokenKey;
    }
    /** A known cost added to chosen operations, for calibrating the regression verdict ({@link Handicap#NONE} by default). */
    public Handicap handicap() {
        return handicap;
    }

    /** True when searches run on a search engine. */
    public boolean searchEngine() {
        return search.engine();
    }

    public static final class Builder {
        private String storage = DEFAULT_STORAGE.id();
        private String bind = DEFAULT_BIND;
        private int port = DEFAULT_PORT;
        private String token;
        private String adminUser = DEFAULT_ADMIN_USER;
        private String adminPassword;
        private String passwordHash = DEFAULT_PASSWORD_HASH.id();
        private int bcryptCost = DEFAULT_BCRYPT_COST;
        private String dbUrl;
        private String dbUser = DEFAULT_DB_USER;
        private String dbPassword = "";
        private int dbPoolSize = DEFAULT_DB_POOL_SIZE;
        private int statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS;
        private int maxResults = DEFAULT_MAX_RESULTS;
        private int tokenTtlSeconds = DEFAULT_TOKEN_TTL_SECONDS;
        private String pgSharedBuffers = DEFAULT_PG_SHARED_BUFFERS;
        private String pgMemory = NO_MEMORY_BOUND;
        private long parsedPgMemory;
        private String searchMemory = NO_MEMORY_BOUND;
        private long parsedSearchMemory;
        private String datasetsMaxBytes;
        private int pgDataDirWaitSeconds = DEFAULT_PG_DATA_DIR_WAIT_SECONDS;
        private int maxGroupMembers = DEFAULT_MAX_GROUP_MEMBERS;
        private boolean dyn = DEFAULT_DYN;
        private String dbProvider = DEFAULT_PROVIDER.id();
        private String pgImage = DEFAULT_PG_IMAGE;
        private String search = DEFAULT_SEARCH.id();
        private String searchProvider = DEFAULT_PROVIDER.id();
        private String searchUrl;
        private String searchRefresh = DEFAULT_SEARCH_REFRESH.id();
        private String searchIndex = DEFAULT_SEARCH_INDEX;
        private String searchHeap = DEFAULT_SEARCH_HEAP;
        private int searchNodes = DEFAULT_SEARCH_NODES;
        private int searchShards = DEFAULT_SEARCH_SHARDS;
        private int searchReplicas = DEFAULT_SEARCH_REPLICAS;
        private String elasticsearchImage = DEFAULT_ELASTICSEARCH_IMAGE;
        private String opensearchImage = DEFAULT_OPENSEARCH_IMAGE;
        private String searchHome;
        private String searchWorkDir = DEFAULT_SEARCH_WORK_DIR;
        private long users = DEFAULT_USERS;
        private boolean fresh;
        private String pgDataDir = DEFAULT_PG_DATA_DIR;
        private String usersCsv;
        private boolean replica;
        private String tokenKey;
        private String handicap = "";
        private Handicap parsedHandicap;
        private Storage parsedStorage;
        private PasswordHash parsedPasswordHash;
        private SearchMode parsedSearch;
        private Provider parsedDbProvider;
        private Provider parsedSearchProvider;
        private RefreshPolicy parsedSearchRefresh;

        public Builder withStorage(String v) { this.storage = v; return this; }
        public Builder withStorage(Storage v) { this.storage = v.id(); return this; }
        public Builder withBind(String v) { this.bind = v; return this; }
        public Builder withPort(int v) { this.port = v; return this; }
        public Builder withToken(String v) { this.token = v; return this; }
        public Builder withAdminUser(String v) { this.adminUser = v; return this; }
        public Builder withAdminPassword(String v) { this.adminPassword = v; return this; }
        public Builder withPasswordHash(String v) { this.passwordHash = v; return this; }
        public Builder withPasswordHash(PasswordHash v) { this.passwordHash = v.id(); return this; }
        public Builder withBcryptCost(int v) { this.bcryptCost = v; return this; }
        public Builder withDbUrl(String v) { this.dbUrl = v; return this; }
        public Builder withDbUser(String v) { this.dbUser = v; return this; }
        public Builder withDbPassword(String v) { this.dbPassword = v; return this; }
        public Builder withDbPoolSize(int v) { this.dbPoolSize = v; return this; }

        public Builder withStatementTimeoutMs(int v) { this.statementTimeoutMs = v; return this; }
        public Builder withMaxResults(int v) { this.maxResults = v; return this; }
        public Builder withTokenTtlSeconds(int v) { this.tokenTtlSeconds = v; return this; }
        public Builder withPgSharedBuffers(String v) { this.pgSharedBuffers = v; return this; }
        public Builder withPgMemory(String v) { this.pgMemory = v; return this; }
        public Builder withSearchMemory(String v) { this.searchMemory = v; return this; }
        public Builder withDatasetsMaxBytes(String v) { this.datasetsMaxBytes = v; return this; }
        public Builder withPgDataDirWaitSeconds(int v) { this.pgDataDirWaitSeconds = v; return this; }
        public Builder withMaxGroupMembers(int v) { this.maxGroupMembers = v; return this; }
        public Builder withDyn(boolean v) { this.dyn = v; return this; }
        public Builder withDbProvider(String v) { this.dbProvider = v; return this; }
        public Builder withDbProvider(Provider v) { this.dbProvider = v.id(); return this; }
        public Builder withPgImage(String v) { this.pgImage = v; return this; }
        public Builder withSearch(String v) { this.search = v; return this; }
        public Builder withSearch(SearchMode v) { this.search = v.id(); return this; }
        public Builder withSearchProvider(String v) { this.searchProvider = v; return this; }
        public Builder withSearchProvider(Provider v) { this.searchProvider = v.id(); return this; }
        public Builder withSearchUrl(String v) { this.searchUrl = v; return this; }
        public Builder withSearchRefresh(String v) { this.searchRefresh = v; return this; }
        public Builder withSearchRefresh(RefreshPolicy v) { this.searchRefresh = v.id(); return this; }
        public Builder withSearchIndex(String v) { this.searchIndex = v; return this; }
        public Builder withSearchHeap(String v) { this.searchHeap = v; return this; }
        public Builder withSearchNodes(int v) { this.searchNodes = v; return this; }
        public Builder withSearchShards(int v) { this.searchShards = v; return this; }
        public Builder withSearchReplicas(int v) { this.searchReplicas = v; return this; }
        public Builder withElasticsearchImage(String v) { this.elasticsearchImage = v; return this; }
        public Builder withOpensearchImage(String v) { this.opensearchImage = v; return this; }
        public Builder withSearchHome(String v) { this.searchHome = v; return this; }
        public Builder withUsers(long v) { this.users = v; return this; }
        public Builder withFresh(boolean v) { this.fresh = v; return this; }
        public Builder withPgDataDir(String v) { this.pgDataDir = v; return this; }
        public Builder withUsersCsv(String v) { this.usersCsv = v; return this; }
        public Builder withReplica(boolean v) { this.replica = v; return this; }
        public Builder withTokenKey(String v) { this.tokenKey = v; return this; }
        public Builder withHandicap(String v) { this.handicap = v; return this; }

        /** Validates every parameter; the first problem is reported as one precise line. */
        public ScenarioConfig build() {
            parsedStorage = Storage.parse(storage);
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
            parsedPasswordHash = PasswordHash.parse(passwordHash);
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
            validateMemory();
            if (maxGroupMembers < 1) {
                throw new ConfigException("max group members must be at least 1, was " + maxGroupMembers);
            }
            if (tokenKey != null && tokenKey.length() < MIN_TOKEN_KEY) {
                throw new ConfigException("token key must be at least " + MIN_TOKEN_KEY + " characters long, was " + tokenKey.length());
            }
            validateProviders();
            validateSeed();
            validateReplica();
            parsedHandicap = Handicap.parse(handicap);
            Objects.requireNonNull(dbUser, "dbUser");
            return new ScenarioConfig(this);
        }

        private static boolean unbounded(String memory) {
            return memory == null || memory.isBlank() || memory.strip().equals(NO_MEMORY_BOUND);
        }

        private void validateMemory() {
            if (unbounded(pgMemory)) {
                parsedPgMemory = 0;
                return;
            }
            parsedPgMemory = ByteSize.parse("pg.memory", pgMemory);
            long sharedBuffers = ByteSize.parse("shared_buffers", pgSharedBuffers);
            // Shared memory is charged to the group too: with no room beside it, the server would be killed, not slowed.
            if (parsedPgMemory < sharedBuffers + MIN_PAGE_CACHE) {
                throw new ConfigException("pg.memory=" + pgMemory.strip() + " leaves no room beside shared_buffers=" + pgSharedBuffers
                        + ": give at least " + ByteSize.format(sharedBuffers + MIN_PAGE_CACHE) + " (none: no bound)");
            }
        }

        private void validateProviders() {
            Provider dbProvider = parsedDbProvider = Provider.parse("db provider", this.dbProvider);
            if (dbProvider == Provider.EXTERNAL && dbUrl == null) {
                throw new ConfigException("db provider external needs a db url (jdbc:postgresql://…)");
            }
            if (dbUrl != null && (dbProvider == Provider.EMBEDDED || dbProvider == Provider.TESTCONTAINERS)) {
                throw new ConfigException("a db url is given, but the db provider is " + dbProvider + "; use external or auto");
            }
            if (parsedPgMemory > 0 && dbUrl != null) {
                throw new ConfigException("pg.memory bounds a PostgreSQL idbench starts, not the external one at " + dbUrl
                        + "; bound that server's memory where it runs");
            }
            SearchMode search = parsedSearch = SearchMode.parse(this.search);
            Provider searchProvider = parsedSearchProvider = Provider.parse("search provider", this.searchProvider);
            if (!search.engine() && (searchUrl != null || searchProvider != DEFAULT_PROVIDER)) {
                throw new ConfigException("a search " + (searchUrl != null ? "url" : "provider") + " is given, but search is sql;"
                        + " choose elasticsearch or opensearch");
            }
            if (searchProvider == Provider.EXTERNAL && searchUrl == null) {
                throw new ConfigException("search provider external needs a search url (http://host:port)");
            }
            if (searchUrl != null && (searchProvider == Provider.EMBEDDED || searchProvider == Provider.TESTCONTAINERS)) {
                throw new ConfigException("a search url is given, but the search provider is " + searchProvider + "; use external or auto");
            }
            if (searchUrl != null && !searchUrl.matches("https?://[^/\\s,]+/?(,\\s*https?://[^/\\s,]+/?)*")) {
                throw new ConfigException("search url must look like http://host:port (or several, comma-separated: the nodes of one"
                        + " cluster), was '" + searchUrl + "'");
            }
            validateSearchLayout(searchProvider);
            parsedSearchRefresh = RefreshPolicy.parse(searchRefresh);
            if (searchIndex == null || !searchIndex.matches("[a-z0-9][a-z0-9_-]{0,99}")) {
                throw new ConfigException("search index must be lower-case letters, digits, '-' or '_' (at most 100), was '"
                        + searchIndex + "'");
            }
            if (searchHeap == null || !searchHeap.matches("\\d+[mg]")) {
                throw new ConfigException("search heap must look like 512m or 1g, was '" + searchHeap + "'");
            }
            validateSearchMemory(search);
            for (String image : new String[] {pgImage, elasticsearchImage, opensearchImage}) {
                if (image == null || image.isBlank()) {
                    throw new ConfigException("container image names must not be empty");
                }
            }
        }

        /** search.memory: an engine idbench starts, with room beside its nodes' heaps. */
        private void validateSearchMemory(SearchMode search) {
            if (unbounded(searchMemory)) {
                parsedSearchMemory = 0;
                return;
            }
            parsedSearchMemory = ByteSize.parse("search.memory", searchMemory);
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
            if (parsedSearchMemory < least) {
                throw new ConfigException("search.memory=" + searchMemory.strip() + " leaves no room beside search.heap=" + searchHeap
                        + (searchNodes > 1 ? " on each of " + searchNodes + " nodes" : "") + ": give at least " + ByteSize.format(least)
                        + " (none: no bound)");
            }
        }

        /** A replica only serves: the database and engine are another serve's, given by URL, and their data is left as it is. */
        private void validateReplica() {
            if (!replica) {
                return;
            }
            if (parsedDbProvider != Provider.EXTERNAL) {
                throw new ConfigException("a replica serves another serve's database: give its db url (db provider external), was "
                        + parsedDbProvider);
            }
            if (parsedSearch.engine() && parsedSearchProvider != Provider.EXTERNAL) {
                throw new ConfigException("a replica searches another serve's engine: give its search url (search provider external),"
                        + " was " + parsedSearchProvider);
            }
            if (fresh || usersCsv != null) {
                throw new ConfigException("a replica never seeds: " + (fresh ? "fresh" : "a users CSV") + " is the serve's that seeds");
            }
        }

        /** The engine's nodes (embedded only: a cluster of other providers is given by its URLs) and the index's layout. */
        private void validateSearchLayout(Provider searchProvider) {
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
                throw new ConfigException("search replicas " + searchReplicas + " need at least " + (searchReplicas + 1) + " search nodes"
                        + " (an engine never puts a replica on its primary's node), was " + searchNodes);
            }
        }

        private void validateSeed() {
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
        }

    }
}
