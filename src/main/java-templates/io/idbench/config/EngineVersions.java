package io.idbench.config;

/** The search engines this build provisions, embedded or as images: the POM's versions, filtered in at build time. */
public final class EngineVersions {
    public static final String ELASTICSEARCH = "${elasticsearch.version}";
    public static final String OPENSEARCH = "${opensearch.version}";

    private EngineVersions() {
    }
}
