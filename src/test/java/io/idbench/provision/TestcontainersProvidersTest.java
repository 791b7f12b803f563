package io.idbench.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.config.Provider;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.record.SeedRecord;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.search.elastic.ElasticIndex;
import io.idbench.seed.Database;
import io.idbench.seed.Dataset;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.SeedProgress;
import io.idbench.seed.Seeder;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.store.StoredResource;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.StartsServers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The testcontainers providers against a real container engine: Docker where there is one,
 * podman's Docker API elsewhere (.ci/run sets it up with local images, see
 * scripts/podman-testcontainers.sh). Without an engine these tests are skipped, with the reason.
 * Images: $IDBENCH_PG_IMAGE, $IDBENCH_ELASTICSEARCH_IMAGE and $IDBENCH_OPENSEARCH_IMAGE, else the official ones.
 */
@StartsServers
class TestcontainersProvidersTest {

    private static void requireContainerEngine() {
        ContainerEngine.Availability engine = ContainerEngine.probe();
        assumeTrue(engine.available(), () -> "Testcontainers providers not exercised: " + engine.reason()
                + " (source scripts/podman-testcontainers.sh to get one)");
    }

    private static String env(String name, String otherwise) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? otherwise : v;
    }

    @Test
    void autoChoosesContainersExactlyWhenAnEngineAnswers() {
        ProviderChoice choice = ProviderChoice.choose(Provider.AUTO, false, "--db-url");
        ContainerEngine.Availability engine = ContainerEngine.probe();
        assertThat(choice.provider()).isEqualTo(engine.available() ? Provider.TESTCONTAINERS : Provider.EMBEDDED);
        assertThat(choice.why()).isEqualTo("auto: " + engine.reason());
        assertThat(ProviderChoice.choose(Provider.AUTO, true, "--db-url"))
                .isEqualTo(new ProviderChoice(Provider.EXTERNAL, "auto: --db-url given"));
    }

    @Test
    void postgresContainerIsDurableOnLoopbackAndHoldsTheStore() throws Exception {
        requireContainerEngine();
        ScenarioConfig config = ScenarioConfig.builder().withDbProvider(Provider.parse("db provider", "testcontainers"))
                .withPgImage(env("IDBENCH_PG_IMAGE", ScenarioConfig.DEFAULT_PG_IMAGE)).withPgSharedBuffers("64MB").build();
        String url;
        try (PostgresProvider pg = PostgresProvider.start(config)) {
            url = pg.jdbcUrl();
            assertThat(pg).isInstanceOf(TestcontainersPostgresProvider.class);
            assertThat(pg.description()).startsWith("PostgreSQL: testcontainers ").endsWith("(chosen explicitly)");
            assertThat(url).startsWith("jdbc:postgresql://127.0.0.1:").endsWith("/idbench");
            // The embedded server's settings, pg_stat_statements loaded: a run's telemetry works in a container too.
            PostgresServerSettingsTest.assertRunsWith(pg, PostgresServerSettings.of(config));
            try (var pool = ConnectionPools.create(pg, 2);
                    IdentityStore store = IdentityStores.open(Storage.RELATIONAL, pool, Json.mapper())) {
                ObjectNode user = ServiceTestBase.profileUser("container.1", 1);
                user.remove("password");
                store.createUser(user, "hash");
                assertThat(store.countUsers()).isEqualTo(1);
            }
            // The container's server is idbench's: datasets become template databases there too (PostgreSQL 15+).
            assertThat(pg.ownsServer()).isTrue();
            Database run = new Database(url, pg.user(), pg.password());
            Seeder seeder = new Seeder(new IdentityGenerator(Json.mapper()), List.of("{TEST}hash"), SeedProgress.NONE, line -> {});
            Dataset dataset = Dataset.of(Storage.RELATIONAL, 500, true, "ssha256");
            assertThat(seeder.prepare(run, dataset, false, true).orElseThrow().action()).isEqualTo(SeedRecord.LOADED);
            assertThat(seeder.prepare(run, dataset, false, true).orElseThrow().action()).isEqualTo(SeedRecord.REUSED);
            try (var pool = ConnectionPools.create(pg, 2);
                    IdentityStore store = IdentityStores.open(Storage.RELATIONAL, pool, Json.mapper())) {
                assertThat(store.countUsers()).as("the run's copy of the dataset, the user created above gone").isEqualTo(500);
            }
        }
        assertThat(reachable(url)).as("the container is gone after close").isFalse();
    }

    @ParameterizedTest
    @EnumSource(value = SearchMode.class, names = {"ELASTICSEARCH", "OPENSEARCH"})
    void searchEngineContainerIndexesAndSearches(SearchMode search) {
        requireContainerEngine();
        ScenarioConfig config = ScenarioConfig.builder().withSearch(search)
                .withSearchProvider(Provider.parse("search provider", "testcontainers"))
                .withOpensearchImage(env("IDBENCH_OPENSEARCH_IMAGE", ScenarioConfig.DEFAULT_OPENSEARCH_IMAGE))
                .withElasticsearchImage(env("IDBENCH_ELASTICSEARCH_IMAGE", ScenarioConfig.DEFAULT_ELASTICSEARCH_IMAGE))
                .withSearchHeap("384m").build();
        try (SearchEngineProvider engine = SearchEngineProvider.start(config);
                ElasticIndex index = ElasticIndex.connect(engine.url(), search, "container-test", RefreshPolicy.TRUE,
                        ScimSchemas.USER_TYPE, Json.mapper())) {
            assertThat(engine.description()).startsWith("Search engine: testcontainers ");
            assertThat(engine.provider()).isEqualTo(Provider.TESTCONTAINERS);
            assertThat(engine.url()).startsWith("http://127.0.0.1:");
            index.create(false);
            ObjectNode body = ServiceTestBase.profileUser("container.2", 2);
            body.remove("password");
            body.remove("schemas");
            UUID id = UUID.randomUUID();
            index.index(new StoredResource(id, body, 1, Instant.EPOCH, Instant.EPOCH));
            FilterResolver resolver = new FilterResolver(ScimSchemas.USER_TYPE);
            var hits = index.search(new ListQuery(resolver.parse("name.givenName eq \"FN_CONTAINER.2\""), null, 1, 10));
            assertThat(hits.ids()).containsExactly(id);
            assertThat(hits.totalResults()).isEqualTo(1);
        }
    }

    private static boolean reachable(String url) {
        try (Connection ignored = DriverManager.getConnection(url, "idbench", "idbench")) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
