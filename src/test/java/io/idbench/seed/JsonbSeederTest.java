package io.idbench.seed;

import io.idbench.config.Storage;
import java.util.List;

class JsonbSeederTest extends SeederTest {
    @Override
    Storage storage() {
        return Storage.JSONB;
    }

    @Override
    String checksumSql() {
        return "SELECT md5(string_agg(id::text || user_name || doc::text || password_hash || version || created || last_modified, ','"
                + " ORDER BY id)) || (SELECT md5(string_agg(group_id::text || user_id::text || type, ',' ORDER BY user_id, group_id, type))"
                + " FROM scim_user_groups) FROM scim_user";
    }

    @Override
    List<String> rowsSql() {
        return List.of(
                "SELECT id || ' ' || user_name || ' ' || doc::text || ' ' || password_hash || ' ' || version FROM scim_user ORDER BY id",
                "SELECT user_id || ' ' || group_id || ' ' || type FROM scim_user_groups ORDER BY 1",
                "SELECT group_id || ' ' || bucket || ' ' || members FROM scim_membership_count ORDER BY 1",
                "SELECT group_id || ' ' || block || ' ' || members FROM scim_membership_block ORDER BY 1");
    }
}
