package io.idbench.service;

import io.idbench.config.Storage;

class RelationalHostileInputTest extends HostileInputTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
