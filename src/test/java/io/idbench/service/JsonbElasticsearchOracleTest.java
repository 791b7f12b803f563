package io.idbench.service;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;

/** The oracle test with searches answered by Elasticsearch. */
class JsonbElasticsearchOracleTest extends OracleTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }

    @Override
    protected SearchMode search() {
        return SearchMode.ELASTICSEARCH;
    }
}
