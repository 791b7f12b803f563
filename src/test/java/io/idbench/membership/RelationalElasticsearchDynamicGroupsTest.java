package io.idbench.membership;

class RelationalElasticsearchDynamicGroupsTest extends DynamicGroupsTest {
    @Override
    protected String storage() {
        return "relational";
    }

    @Override
    protected String search() {
        return "elasticsearch";
    }
}
