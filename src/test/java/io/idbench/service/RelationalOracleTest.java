package io.idbench.service;

import io.idbench.config.Storage;

class RelationalOracleTest extends OracleTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
