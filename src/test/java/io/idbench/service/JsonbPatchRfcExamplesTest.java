package io.idbench.service;

class JsonbPatchRfcExamplesTest extends PatchRfcExamplesTest {
    @Override
    protected String storage() {
        return "jsonb";
    }
}
