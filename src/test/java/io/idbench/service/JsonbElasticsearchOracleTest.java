package io.idbench.service;

/** The oracle test with searches answered by Elasticsearch. */
class JsonbElasticsearchOracleTest extends OracleTest {
    @Override
    protected String storage() {
        return "jsonb";
    }

    @Override
    protected String search() {
        return "elasticsearch";
    }
}
