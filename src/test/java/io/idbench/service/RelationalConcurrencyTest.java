package io.idbench.service;

import io.idbench.config.Storage;

class RelationalConcurrencyTest extends ConcurrencyTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
