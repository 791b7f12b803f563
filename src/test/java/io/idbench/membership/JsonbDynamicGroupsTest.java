package io.idbench.membership;

class JsonbDynamicGroupsTest extends DynamicGroupsTest {
    @Override
    protected String storage() {
        return "jsonb";
    }

    @Override
    protected String search() {
        return "sql";
    }
}
