package io.idbench.service;

import io.idbench.config.Storage;

class RelationalHostileFuzzTest extends HostileFuzzTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
