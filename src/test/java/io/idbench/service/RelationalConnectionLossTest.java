package io.idbench.service;

import io.idbench.config.Storage;

class RelationalConnectionLossTest extends ConnectionLossTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
