package io.idbench.membership;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;

class JsonbDynamicGroupsTest extends DynamicGroupsTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }

    @Override
    protected SearchMode search() {
        return SearchMode.SQL;
    }
}
