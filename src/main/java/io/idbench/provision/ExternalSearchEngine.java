package io.idbench.provision;

import io.idbench.config.Provider;
import io.idbench.config.SearchMode;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A search engine someone else runs (--search-url, e.g. the one docker-compose.yml starts, or a cluster's nodes).
 *
 * @param url one URL, or the nodes of one cluster, comma-separated; each kept without a trailing slash
 * @param why why this provider was chosen, for the console
 */
public record ExternalSearchEngine(SearchMode engine, String url, String why) implements SearchEngineProvider {

    public ExternalSearchEngine {
        url = Arrays.stream(url.split(",")).map(String::trim).map(u -> u.endsWith("/") ? u.substring(0, u.length() - 1) : u)
                .collect(Collectors.joining(","));
    }

    @Override
    public Provider provider() {
        return Provider.EXTERNAL;
    }

    @Override
    public String description() {
        return "Search engine: external " + engine + " at " + url + " (" + why + ")";
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
