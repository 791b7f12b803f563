package io.idbench.service;

class RelationalErrorPathsTest extends ErrorPathsTest {
    @Override
    protected String storage() {
        return "relational";
    }
}
