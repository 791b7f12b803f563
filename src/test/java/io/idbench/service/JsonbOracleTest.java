package io.idbench.service;

import io.idbench.config.Storage;

class JsonbOracleTest extends OracleTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
