package io.idbench.search.elastic;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.SearchMode;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.search.SearchIndex;

/** The one place that knows which implementation of {@link SearchIndex} serves which engine. */
public final class SearchEngines {
    private SearchEngines() {
    }

    /** The user index {@code indexName} on the {@code engine} at {@code url} (checked to be that engine). */
    public static SearchIndex connect(SearchMode engine, String url, String indexName, RefreshPolicy refresh, ObjectMapper json) {
        return connect(engine, url, indexName, refresh, IndexLayout.SINGLE_NODE, json);
    }

    /** As above, the index created with {@code layout}; {@code url} may list the nodes of one cluster, comma-separated. */
    public static SearchIndex connect(SearchMode engine, String url, String indexName, RefreshPolicy refresh, IndexLayout layout,
            ObjectMapper json) {
        return switch (engine) {
            case ELASTICSEARCH, OPENSEARCH -> ElasticIndex.connect(url, engine, indexName, refresh, layout, ScimSchemas.USER_TYPE, json);
            case SQL -> throw new IllegalArgumentException("search mode sql has no search engine");
        };
    }
}
