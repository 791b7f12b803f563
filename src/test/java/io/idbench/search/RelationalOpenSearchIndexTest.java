package io.idbench.search;

class RelationalOpenSearchIndexTest extends SearchIndexTest {
    @Override
    protected String storage() {
        return "relational";
    }

    @Override
    protected String search() {
        return "opensearch";
    }
}
