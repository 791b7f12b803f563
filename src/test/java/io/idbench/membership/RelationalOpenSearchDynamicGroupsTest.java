package io.idbench.membership;

class RelationalOpenSearchDynamicGroupsTest extends DynamicGroupsTest {
    @Override
    protected String storage() {
        return "relational";
    }

    @Override
    protected String search() {
        return "opensearch";
    }
}
