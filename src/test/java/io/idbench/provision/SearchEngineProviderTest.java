package io.idbench.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.common.Json;
import io.idbench.config.Provider;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.search.SearchIndexException;
import io.idbench.search.elastic.ElasticIndex;
import io.idbench.support.StartsServers;
import io.idbench.support.TestSearchEngines;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The embedded engines are real, identified by version, on loopback; the wrong engine or none is a precise error. */
@StartsServers
class SearchEngineProviderTest {

    @ParameterizedTest
    @EnumSource(value = SearchMode.class, names = {"ELASTICSEARCH", "OPENSEARCH"})
    void embeddedEngineRunsOnLoopbackAndIsIdentified(SearchMode engine) {
        EmbeddedSearchEngine running = TestSearchEngines.engine(engine);
        assertThat(running.url()).startsWith("http://127.0.0.1:").doesNotEndWith(":9200");
        assertThat(running.description()).startsWith("Search engine: embedded "
                + (engine == SearchMode.OPENSEARCH ? "OpenSearch " + BuildInfo.opensearchVersion()
                        : "Elasticsearch " + BuildInfo.elasticsearchVersion()));
        try (ElasticIndex index = ElasticIndex.connect(running.url(), engine, "provider-test", RefreshPolicy.FALSE,
                ScimSchemas.USER_TYPE, Json.mapper())) {
            assertThat(index.engine()).isEqualTo(engine);
            assertThat(index.version()).isEqualTo(engine == SearchMode.OPENSEARCH ? BuildInfo.opensearchVersion()
                    : BuildInfo.elasticsearchVersion());
        }
    }

    @Test
    void theWrongEngineBehindAUrlIsRefused() {
        String url = TestSearchEngines.url(SearchMode.OPENSEARCH);
        assertThatThrownBy(() -> ElasticIndex.connect(url, SearchMode.ELASTICSEARCH, "x", RefreshPolicy.FALSE, ScimSchemas.USER_TYPE,
                Json.mapper())).isInstanceOf(SearchIndexException.class)
                .hasMessage(url + " runs opensearch " + BuildInfo.opensearchVersion() + ", not elasticsearch");
    }

    @Test
    void externalEngineIsUsedAsGiven() {
        String url = TestSearchEngines.url(SearchMode.ELASTICSEARCH);
        ScenarioConfig config = ScenarioConfig.builder().withSearch(SearchMode.parse("elasticsearch")).withSearchUrl(url + "/").build();
        try (SearchEngineProvider external = SearchEngineProvider.start(config)) {
            assertThat(external.url()).isEqualTo(url);
            assertThat(external.description()).isEqualTo("Search engine: external elasticsearch at " + url + " (auto: --search-url given)");
        }
    }

    @Test
    void anExternalClusterIsItsNodesEachWithoutATrailingSlash() {
        ScenarioConfig config = ScenarioConfig.builder().withSearch(SearchMode.parse("elasticsearch"))
                .withSearchUrl("http://127.0.0.1:19200/, http://127.0.0.1:19201").build();
        try (SearchEngineProvider external = SearchEngineProvider.start(config)) {
            assertThat(external.url()).isEqualTo("http://127.0.0.1:19200,http://127.0.0.1:19201");
        }
    }

    @Test
    void aMissingDistributionIsAPreciseError() {
        ScenarioConfig config = ScenarioConfig.builder().withSearch(SearchMode.parse("opensearch"))
                .withSearchProvider(Provider.parse("search provider", "embedded"))
                .withSearchHome("/nonexistent").build();
        assertThatThrownBy(() -> SearchEngineProvider.start(config)).isInstanceOf(IllegalStateException.class)
                .hasMessage("No opensearch-" + BuildInfo.opensearchVersion() + " at " + Path.of("/nonexistent/opensearch-"
                        + BuildInfo.opensearchVersion()) + ": run ./mvnw generate-resources to unpack it, or point --search-home "
                        + "at the directory holding opensearch-" + BuildInfo.opensearchVersion());
    }

    @Test
    void nothingListeningIsAPreciseError() {
        assertThatThrownBy(() -> ElasticIndex.connect("http://127.0.0.1:1", SearchMode.OPENSEARCH, "x", RefreshPolicy.FALSE,
                ScimSchemas.USER_TYPE, Json.mapper())).isInstanceOf(SearchIndexException.class)
                .hasMessageStartingWith("GET /_nodes/_local at http://127.0.0.1:1 failed: java.net.ConnectException");
    }
}
