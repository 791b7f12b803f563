package io.idbench.membership;

class JsonbElasticsearchDynamicGroupsTest extends DynamicGroupsTest {
    @Override
    protected String storage() {
        return "jsonb";
    }

    @Override
    protected String search() {
        return "elasticsearch";
    }
}
