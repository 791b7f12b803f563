package io.idbench.service;

class RelationalPatchRfcExamplesTest extends PatchRfcExamplesTest {
    @Override
    protected String storage() {
        return "relational";
    }
}
