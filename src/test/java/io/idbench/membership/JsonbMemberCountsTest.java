package io.idbench.membership;

import io.idbench.config.Storage;

class JsonbMemberCountsTest extends MemberCountsTest {
    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }
}
