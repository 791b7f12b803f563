package io.idbench.service;

import io.idbench.config.Storage;

class JsonbErrorPathsTest extends ErrorPathsTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
