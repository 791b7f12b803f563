package io.idbench.search;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;

class JsonbElasticsearchIndexTest extends SearchIndexTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }

    @Override
    protected SearchMode search() {
        return SearchMode.ELASTICSEARCH;
    }
}
