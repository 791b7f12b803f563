package io.idbench.service;

import io.idbench.config.Storage;

class JsonbConcurrencyTest extends ConcurrencyTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
