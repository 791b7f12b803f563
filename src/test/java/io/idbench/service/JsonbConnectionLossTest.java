package io.idbench.service;

import io.idbench.config.Storage;

class JsonbConnectionLossTest extends ConnectionLossTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
