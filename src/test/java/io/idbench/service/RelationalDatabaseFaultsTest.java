package io.idbench.service;

import io.idbench.config.Storage;

class RelationalDatabaseFaultsTest extends DatabaseFaultsTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
