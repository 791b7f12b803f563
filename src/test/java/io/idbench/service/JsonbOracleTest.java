package io.idbench.service;

class JsonbOracleTest extends OracleTest {
    @Override
    protected String storage() {
        return "jsonb";
    }
}
