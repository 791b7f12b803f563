package io.idbench.service;

import io.idbench.config.Storage;

class JsonbHostileInputTest extends HostileInputTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
