package io.idbench.search;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;

class RelationalOpenSearchIndexTest extends SearchIndexTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }

    @Override
    protected SearchMode search() {
        return SearchMode.OPENSEARCH;
    }
}
