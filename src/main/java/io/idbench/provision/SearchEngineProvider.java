package io.idbench.provision;

import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import java.util.OptionalLong;

/** Where the search engine comes from. Closing a provider stops whatever it started, child processes included. */
public interface SearchEngineProvider extends AutoCloseable {

    /** The engine's HTTP base URL, e.g. http://127.0.0.1:41234. */
    String url();

    /** "elasticsearch" or "opensearch". */
    SearchMode engine();

    /**
     * The process id, on this machine, of the server's root process when idbench can see it (a
     * container's init process; the embedded server is found from its backends instead), for the
     * run's CPU accounting; empty otherwise (an external server).
     */
    default OptionalLong hostPid() {
        return OptionalLong.empty();
    }

    /** Which provider this is ({@code auto} resolved): recorded with every run. */
    Provider provider();

    /** One line for the console: which provider, and why. */
    String description();

    @Override
    void close();

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
