package io.idbench.service;

class RelationalOracleTest extends OracleTest {
    @Override
    protected String storage() {
        return "relational";
    }
}
