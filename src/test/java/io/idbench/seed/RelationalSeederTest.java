package io.idbench.seed;

import io.idbench.config.Storage;
import java.util.List;

class RelationalSeederTest extends SeederTest {
    private static final String VALUE = "owner_id || ' ' || schema_id || ' ' || idx || ' ' || coalesce(string_value, '') || ' ' "
            + "|| coalesce(long_value::text, '') || ' ' || coalesce(double_value::text, '') || ' ' || coalesce(date_value::text, '') "
            + "|| ' ' || coalesce(boolean_value::text, '')";

    @Override
    Storage storage() {
        return Storage.RELATIONAL;
    }

    @Override
    String checksumSql() {
        return "SELECT md5((SELECT string_agg(id || user_name || password_hash || version || created || last_modified, ',' ORDER BY id) FROM r_user)"
                + " || (SELECT string_agg(owner_id || ':' || schema_id, ',' ORDER BY owner_id, schema_id) FROM u_attr)"
                + " || (SELECT string_agg(id || ' ' || " + VALUE + ", ',' ORDER BY id) FROM u_value)"
                + " || (SELECT string_agg(schema_id || value || owner_id, ',' ORDER BY schema_id, value) FROM u_unique_value)"
                + " || (SELECT string_agg(group_id || ' ' || user_id || type, ',' ORDER BY user_id, group_id, type) FROM r_user_groups))";
    }

    @Override
    List<String> rowsSql() {
        // Value ids aside: the service draws them from a sequence, the loader numbers them.
        return List.of("SELECT id || ' ' || user_name || ' ' || password_hash || ' ' || version FROM r_user ORDER BY id",
                "SELECT owner_id || ' ' || schema_id FROM u_attr ORDER BY 1",
                "SELECT " + VALUE + " FROM u_value ORDER BY 1",
                "SELECT schema_id || ' ' || value || ' ' || owner_id FROM u_unique_value ORDER BY 1",
                "SELECT user_id || ' ' || group_id || ' ' || type FROM r_user_groups ORDER BY 1",
                "SELECT group_id || ' ' || bucket || ' ' || members FROM r_membership_count ORDER BY 1",
                "SELECT group_id || ' ' || block || ' ' || members FROM r_membership_block ORDER BY 1");
    }
}
