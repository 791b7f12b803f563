package io.idbench.service;

import io.idbench.config.Storage;

class RelationalErrorPathsTest extends ErrorPathsTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
