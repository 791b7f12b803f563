package io.idbench.membership;

import io.idbench.config.Storage;

class RelationalMemberCountsTest extends MemberCountsTest {
    @Override
    protected Storage storage() {
        return Storage.RELATIONAL;
    }
}
