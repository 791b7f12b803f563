package io.idbench.membership;

class JsonbOpenSearchDynamicGroupsTest extends DynamicGroupsTest {
    @Override
    protected String storage() {
        return "jsonb";
    }

    @Override
    protected String search() {
        return "opensearch";
    }
}
