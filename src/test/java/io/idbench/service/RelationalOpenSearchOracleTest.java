package io.idbench.service;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;

/** The oracle test with searches answered by OpenSearch. */
class RelationalOpenSearchOracleTest extends OracleTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }

    @Override
    protected SearchMode search() {
        return SearchMode.OPENSEARCH;
    }
}
