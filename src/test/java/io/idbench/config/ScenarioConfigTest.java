package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Defaults are the documented constants; every invalid value fails with one exact message. */
class ScenarioConfigTest {

    private static void rejects(UnaryOperator<ScenarioConfigBuilder> change, String message) {
        assertThatThrownBy(() -> change.apply(ScenarioConfig.builder()).build())
                .isInstanceOf(ConfigException.class).hasMessage(message);
    }

    @Test
    void eachEngineKeepsItsSnapshotsInItsOwnRepository() {
        // Elasticsearch's repository metadata does not parse in OpenSearch: one shared repository broke the second engine.
        ScenarioConfig es = ScenarioConfig.builder().withPgDataDir("/data/pg").withSearch(SearchMode.parse("elasticsearch")).build();
        ScenarioConfig os = ScenarioConfig.builder().withPgDataDir("/data/pg").withSearch(SearchMode.parse("opensearch")).build();
        assertThat(es.searchSnapshotDir()).isEqualTo(Path.of("/data/pg-search-snapshots/elasticsearch"));
        assertThat(os.searchSnapshotDir()).isEqualTo(Path.of("/data/pg-search-snapshots/opensearch"));
        assertThat(ScenarioConfig.builder().withPgDataDir("/data/pg").build().searchSnapshotDir()).isNull();
        assertThat(ScenarioConfig.builder().withPgDataDir("none").withSearch(SearchMode.parse("opensearch")).build().searchSnapshotDir())
                .isNull();
    }

    @Test
    void defaults() {
        ScenarioConfig c = ScenarioConfig.builder().build();
        assertThat(c.storage()).isEqualTo(Storage.JSONB);
        assertThat(c.bind()).isEqualTo("127.0.0.1");
        assertThat(c.port()).isZero();
        assertThat(c.token()).isNull();
        assertThat(c.passwordHash()).isEqualTo(PasswordHash.SSHA256);
        assertThat(c.dbProvider()).isEqualTo(Provider.AUTO);
        assertThat(c.search()).isEqualTo(SearchMode.SQL);
        assertThat(c.searchEngine()).isFalse();
        assertThat(c.dbPoolSize()).isEqualTo(ScenarioConfig.DEFAULT_DB_POOL_SIZE);
        assertThat(c.maxResults()).isEqualTo(1000);
        assertThat(c.maxGroupMembers()).isEqualTo(10_000);
        assertThat(c.users()).isZero();
        assertThat(c.fresh()).isFalse();
        assertThat(c.pgDataPath()).isEqualTo(Path.of(System.getProperty("user.home"), ".cache/idbench/postgres-17"));
        assertThat(ScenarioConfig.builder().withPgDataDir("none").build().pgDataPath()).as("throw-away").isNull();
    }

    @Test
    void seedParameters() {
        rejects(b -> b.withUsers(-1), "users must be between 0 and 10000000, was -1");
        rejects(b -> b.withUsers(10_000_001), "users must be between 0 and 10000000, was 10000001");
        rejects(b -> b.withFresh(true), "fresh reloads a seeded dataset, but users is 0; give users > 0");
        rejects(b -> b.withUsersCsv("users.csv"), "a users CSV lists seeded identities, but users is 0; give users > 0");
        rejects(b -> b.withUsers(10).withPgDataDir(" "), "PostgreSQL data directory must not be empty (none: a throw-away one)");
        assertThat(ScenarioConfig.builder().withUsers(1_000_000).withFresh(true).build().users()).isEqualTo(1_000_000);
    }

    @Test
    void aReplicaServesAnotherServesDatabaseAndEngineAndNeverSeeds() {
        String db = "jdbc:postgresql://127.0.0.1:5999/idbench";
        rejects(b -> b.withReplica(true), "a replica serves another serve's database: give its db url (db provider external), was auto");
        rejects(b -> b.withReplica(true).withDbProvider(Provider.parse("db provider", "external")).withDbUrl(db)
                .withSearch(SearchMode.parse("elasticsearch")),
                "a replica searches another serve's engine: give its search url (search provider external), was auto");
        rejects(b -> b.withReplica(true).withDbProvider(Provider.parse("db provider", "external")).withDbUrl(db).withUsers(10)
                .withFresh(true),
                "a replica never seeds: fresh is the serve's that seeds");
        rejects(b -> b.withReplica(true).withDbProvider(Provider.parse("db provider", "external")).withDbUrl(db).withUsers(10)
                .withUsersCsv("u.csv"),
                "a replica never seeds: a users CSV is the serve's that seeds");
        rejects(b -> b.withTokenKey("too short"), "token key must be at least 32 characters long, was 9");
        ScenarioConfig replica = ScenarioConfig.builder().withReplica(true).withDbProvider(Provider.parse("db provider", "external"))
                .withDbUrl(db)
                .withSearch(SearchMode.parse("opensearch"))
                .withSearchProvider(Provider.parse("search provider", "external")).withSearchUrl("http://127.0.0.1:9999")
                .withTokenKey("k".repeat(ScenarioConfig.MIN_TOKEN_KEY)).build();
        assertThat(replica.replica()).isTrue();
        assertThat(replica.tokenKey()).hasSize(ScenarioConfig.MIN_TOKEN_KEY);
        assertThat(ScenarioConfig.builder().build().tokenKey()).as("a random key per process").isNull();
    }

    @Test
    void preciseMessages() {
        rejects(b -> b.withStorage(Storage.parse("mongo")), "storage must be one of jsonb, relational, was 'mongo'");
        rejects(b -> b.withPort(70000), "port must be between 0 and 65535 (0 = a free port), was 70000");
        rejects(b -> b.withPort(-1), "port must be between 0 and 65535 (0 = a free port), was -1");
        rejects(b -> b.withToken("short"), "token must be at least 16 characters long, was 5");
        rejects(b -> b.withAdminPassword("1234"), "admin password must be at least 8 characters long, was 4");
        rejects(b -> b.withPasswordHash(PasswordHash.parse("md5")), "password hash must be one of bcrypt, ssha256, was 'md5'");
        rejects(b -> b.withBcryptCost(3), "bcrypt cost must be between 4 and 31, was 3");
        rejects(b -> b.withDbUrl("postgres://x"), "db url must start with jdbc:postgresql://, was 'postgres://x'");
        rejects(b -> b.withDbPoolSize(0), "db pool size must be between 1 and 500, was 0");
        rejects(b -> b.withMaxResults(0), "max results must be between 1 and 100000, was 0");
        rejects(b -> b.withPgSharedBuffers("lots"), "PostgreSQL shared_buffers must look like 512MB or 2GB, was 'lots'");
        rejects(b -> b.withMaxGroupMembers(0), "max group members must be at least 1, was 0");
        rejects(b -> b.withBind(""), "bind address must not be empty");
    }

    @Test
    void providerAndSearchContradictionsAreRejected() {
        rejects(b -> b.withDbProvider(Provider.parse("db provider", "docker")),
                "db provider must be one of auto, embedded, external, testcontainers, was 'docker'");
        rejects(b -> b.withDbProvider(Provider.parse("db provider", "external")),
                "db provider external needs a db url (jdbc:postgresql://…)");
        rejects(b -> b.withDbProvider(Provider.parse("db provider", "embedded")).withDbUrl("jdbc:postgresql://127.0.0.1:1/x"),
                "a db url is given, but the db provider is embedded; use external or auto");
        rejects(b -> b.withSearch(SearchMode.parse("solr")), "search must be one of elasticsearch, opensearch, sql, was 'solr'");
        rejects(b -> b.withSearchUrl("http://127.0.0.1:19200"),
                "a search url is given, but search is sql; choose elasticsearch or opensearch");
        rejects(b -> b.withSearchProvider(Provider.parse("search provider", "embedded")),
                "a search provider is given, but search is sql; choose elasticsearch or opensearch");
        rejects(b -> b.withSearch(SearchMode.parse("opensearch")).withSearchProvider(Provider.parse("search provider", "external")),
                "search provider external needs a search url (http://host:port)");
        rejects(b -> b.withSearch(SearchMode.parse("opensearch")).withSearchProvider(Provider.parse("search provider", "testcontainers"))
                .withSearchUrl("http://127.0.0.1:1"),
                "a search url is given, but the search provider is testcontainers; use external or auto");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchUrl("127.0.0.1:19200"),
                "search url must look like http://host:port (or several, comma-separated: the nodes of one cluster), was"
                        + " '127.0.0.1:19200'");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchUrl("http://127.0.0.1:1,,http://127.0.0.1:2"),
                "search url must look like http://host:port (or several, comma-separated: the nodes of one cluster), was"
                        + " 'http://127.0.0.1:1,,http://127.0.0.1:2'");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchProvider(Provider.parse("search provider", "embedded"))
                .withSearchNodes(6),
                "search nodes must be between 1 and 5, was 6");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchNodes(2),
                "search nodes 2 starts a cluster of the embedded engine; set"
                        + " the search provider to embedded (was auto; an external cluster is given by its node URLs)");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchShards(0), "search shards must be between 1 and 64, was 0");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchReplicas(-1),
                "search replicas must be between 0 and 4, was -1");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchProvider(Provider.parse("search provider", "embedded"))
                .withSearchNodes(2).withSearchReplicas(2),
                "search replicas 2 need at least 3 search nodes (an engine never puts a replica on its primary's node), was 2");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchRefresh(RefreshPolicy.parse("sometimes")),
                "search refresh must be one of false, true, wait_for, was 'sometimes'");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchIndex("Users"),
                "search index must be lower-case letters, digits, '-' or '_' (at most 100), was 'Users'");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchHeap("lots"),
                "search heap must look like 512m or 1g, was 'lots'");
        rejects(b -> b.withPgImage(" "), "container image names must not be empty");
    }

    @Test
    void searchMemoryBoundsAnEngineIdbenchStartsWithRoomBesideItsHeaps() {
        rejects(b -> b.withSearchMemory("2GB"), "search.memory bounds the search engine's memory, but search is sql; choose"
                + " elasticsearch or opensearch");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchUrl("http://127.0.0.1:1").withSearchMemory("2GB"),
                "search.memory bounds an engine idbench starts, not the external one at http://127.0.0.1:1; bound that engine's"
                        + " memory where it runs");
        rejects(b -> b.withSearch(SearchMode.parse("opensearch")).withSearchMemory("1GB"),
                "search.memory=1GB leaves no room beside search.heap=512m: give at least 1.3 GiB (none: no bound)");
        rejects(b -> b.withSearch(SearchMode.parse("elasticsearch")).withSearchProvider(Provider.parse("search provider", "embedded"))
                .withSearchNodes(2).withSearchHeap("1g")
                .withSearchMemory("2GB"),
                "search.memory=2GB leaves no room beside search.heap=1g on each of 2 nodes: give at least 3.5 GiB (none: no bound)");
        rejects(b -> b.withSearch(SearchMode.parse("opensearch")).withSearchMemory("lots"),
                "search.memory must be a size such as 500MB, 20GB or a number of bytes, was 'lots'");
        assertThat(ScenarioConfig.builder().withSearch(SearchMode.parse("opensearch")).withSearchMemory("2GB").build().searchMemoryBytes())
                .isEqualTo(2L << 30);
        assertThat(ScenarioConfig.builder().withSearch(SearchMode.parse("opensearch")).withSearchMemory("none").build().searchMemoryBytes())
                .isZero();
        assertThat(ScenarioConfig.builder().build().searchMemoryBytes()).isZero();
    }

    @Test
    void aClusterIsItsNodesURLsOrEmbeddedNodesWithReplicasBelowTheirCount() {
        ScenarioConfig external = ScenarioConfig.builder().withSearch(SearchMode.parse("opensearch"))
                .withSearchUrl("http://127.0.0.1:19200, http://127.0.0.1:19201/").withSearchShards(3).withSearchReplicas(2).build();
        assertThat(external.searchUrls()).containsExactly("http://127.0.0.1:19200", "http://127.0.0.1:19201/");
        assertThat(external.searchShards()).isEqualTo(3);
        ScenarioConfig embedded = ScenarioConfig.builder().withSearch(SearchMode.parse("elasticsearch"))
                .withSearchProvider(Provider.parse("search provider", "embedded")).withSearchNodes(3)
                .withSearchReplicas(2).build();
        assertThat(embedded.searchNodes()).isEqualTo(3);
        assertThat(embedded.searchReplicas()).isEqualTo(2);
        assertThat(ScenarioConfig.builder().build().searchNodes()).isEqualTo(1);
    }

    @Test
    void searchEngineDefaults() {
        ScenarioConfig c = ScenarioConfig.builder().withSearch(SearchMode.parse("ElasticSearch")).build();
        assertThat(c.search()).isEqualTo(SearchMode.ELASTICSEARCH);
        assertThat(c.searchEngine()).isTrue();
        assertThat(c.searchProvider()).isEqualTo(Provider.AUTO);
        assertThat(c.searchRefresh()).isEqualTo(RefreshPolicy.FALSE);
        assertThat(c.searchIndex()).isEqualTo("idbench-users");
        assertThat(c.searchHeap()).isEqualTo("512m");
    }

    @Test
    void valuesAreNormalised() {
        ScenarioConfig c = ScenarioConfig.builder().withStorage(Storage.parse("JSONB")).withPasswordHash(PasswordHash.parse("BCrypt"))
                .build();
        assertThat(c.storage()).isEqualTo(Storage.JSONB);
        assertThat(c.passwordHash()).isEqualTo(PasswordHash.BCRYPT);
    }
}
