package io.idbench.provision;

import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;

/** Where the search engine comes from. Closing a provider stops whatever it started, child processes included. */
public interface SearchEngineProvider extends ProvidedServer {

    /** The engine's HTTP base URL, e.g. http://127.0.0.1:41234. */
    String url();

    /** "elasticsearch" or "opensearch". */
    SearchMode engine();

    /** The configured provider for {@code config.search()}; {@code auto} is resolved by {@link ProviderChoice#choose}. */
    static SearchEngineProvider start(ScenarioConfig config) {
        ProviderChoice choice = ProviderChoice.choose(config.searchProvider(), config.searchUrl() != null, "--search-url");
        switch (choice.provider()) {
            case EXTERNAL:
                return new ExternalSearchEngine(config.search(), config.searchUrl(), choice.why());
            case TESTCONTAINERS:
                return TestcontainersSearchEngine.start(config, choice.why());
            default:
                return EmbeddedSearchEngine.start(config, choice.why());
        }
    }
}
