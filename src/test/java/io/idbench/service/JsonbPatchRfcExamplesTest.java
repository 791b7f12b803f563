package io.idbench.service;

import io.idbench.config.Storage;

class JsonbPatchRfcExamplesTest extends PatchRfcExamplesTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
