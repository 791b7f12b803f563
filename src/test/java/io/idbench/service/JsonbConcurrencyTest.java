package io.idbench.service;

class JsonbConcurrencyTest extends ConcurrencyTest {
    @Override
    protected String storage() {
        return "jsonb";
    }
}
