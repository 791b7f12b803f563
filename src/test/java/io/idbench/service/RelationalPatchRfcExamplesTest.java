package io.idbench.service;

import io.idbench.config.Storage;

class RelationalPatchRfcExamplesTest extends PatchRfcExamplesTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
