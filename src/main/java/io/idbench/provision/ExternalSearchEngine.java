package io.idbench.provision;

import io.idbench.config.Provider;
import io.idbench.config.SearchMode;

/** A search engine someone else runs (--search-url, e.g. the one docker-compose.yml starts). */
public final class ExternalSearchEngine implements SearchEngineProvider {
    private final SearchMode engine;
    private final String url;
    private final String why;

    public ExternalSearchEngine(SearchMode engine, String url, String why) {
        this.engine = engine;
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
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
