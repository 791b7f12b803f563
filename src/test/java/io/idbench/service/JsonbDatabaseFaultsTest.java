package io.idbench.service;

import io.idbench.config.Storage;

class JsonbDatabaseFaultsTest extends DatabaseFaultsTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
