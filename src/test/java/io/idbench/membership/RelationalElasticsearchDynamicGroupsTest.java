package io.idbench.membership;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;

class RelationalElasticsearchDynamicGroupsTest extends DynamicGroupsTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }

    @Override
    protected SearchMode search() {
        return SearchMode.ELASTICSEARCH;
    }
}
