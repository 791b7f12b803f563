package io.idbench.service;

/** The oracle test with searches answered by Elasticsearch. */
class RelationalElasticsearchOracleTest extends OracleTest {
    @Override
    protected String storage() {
        return "relational";
    }

    @Override
    protected String search() {
        return "elasticsearch";
    }
}
