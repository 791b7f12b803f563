package io.idbench.service;

import io.idbench.config.Storage;

class JsonbHostileFuzzTest extends HostileFuzzTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
