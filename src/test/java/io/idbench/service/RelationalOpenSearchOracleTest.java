package io.idbench.service;

/** The oracle test with searches answered by OpenSearch. */
class RelationalOpenSearchOracleTest extends OracleTest {
    @Override
    protected String storage() {
        return "relational";
    }

    @Override
    protected String search() {
        return "opensearch";
    }
}
