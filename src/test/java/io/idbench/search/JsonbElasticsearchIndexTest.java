package io.idbench.search;

class JsonbElasticsearchIndexTest extends SearchIndexTest {
    @Override
    protected String storage() {
        return "jsonb";
    }

    @Override
    protected String search() {
        return "elasticsearch";
    }
}
