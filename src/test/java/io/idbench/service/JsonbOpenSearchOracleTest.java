package io.idbench.service;

/** The oracle test with searches answered by OpenSearch. */
class JsonbOpenSearchOracleTest extends OracleTest {
    @Override
    protected String storage() {
        return "jsonb";
    }

    @Override
    protected String search() {
        return "opensearch";
    }
}
