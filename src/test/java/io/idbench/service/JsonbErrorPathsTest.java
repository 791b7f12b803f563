package io.idbench.service;

class JsonbErrorPathsTest extends ErrorPathsTest {
    @Override
    protected String storage() {
        return "jsonb";
    }
}
