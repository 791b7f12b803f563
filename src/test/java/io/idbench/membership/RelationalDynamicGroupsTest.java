package io.idbench.membership;

class RelationalDynamicGroupsTest extends DynamicGroupsTest {
    @Override
    protected String storage() {
        return "relational";
    }

    @Override
    protected String search() {
        return "sql";
    }
}
