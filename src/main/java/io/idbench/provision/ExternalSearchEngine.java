package io.idbench.provision;

import io.idbench.config.Provider;
import io.idbench.config.SearchMode;
import java.util.Arrays;
import java.util.stream.Collectors;

/** A search engine someone else runs (--search-url, e.g. the one docker-compose.yml starts, or a cluster's nodes). */
public final class ExternalSearchEngine implements SearchEngineProvider {
    private final SearchMode engine;
    private final String url;
    private final String why;

    public ExternalSearchEngine(SearchMode engine, String url, String why) {
        this.engine = engine;
        // One URL, or the nodes of one cluster, comma-separated: each without a trailing slash.
        this.url = Arrays.stream(url.split(",")).map(String::trim).map(u -> u.endsWith("/") ? u.substring(0, u.length() - 1) : u)
                .collect(Collectors.joining(","));
        this.why = why;
    }

    @Override
    public String url() { return url; }

    @Override
    public SearchMode engine() { return engine; }

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
