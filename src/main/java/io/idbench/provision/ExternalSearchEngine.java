package io.idbench.provision;

/** A search engine someone else runs (--search-url, e.g. the one docker-compose.yml starts). */
public final class ExternalSearchEngine implements SearchEngineProvider {
    private final String engine;
    private final String url;
    private final String why;

    public ExternalSearchEngine(String engine, String url, String why) {
        this.engine = engine;
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.why = why;
    }

    @Override
    public String url() { return url; }

    @Override
    public String engine() { return engine; }

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
