package io.idbench.service;

class RelationalConcurrencyTest extends ConcurrencyTest {
    @Override
    protected String storage() {
        return "relational";
    }
}
