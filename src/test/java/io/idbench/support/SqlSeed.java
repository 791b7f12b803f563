package io.idbench.support;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Seeds N identities of the docs/workload.md profile straight into a storage's tables with server-side
 * INSERT … SELECT generate_series (no per-row round trip), for tests that need realistic volumes
 * (query plans at 100k). Identity n: id md5('user.n'), userName user.n, givenName fn_user.n,
 * familyName sn_user.n, e-mail user.n@example.org, userType Type A…J (hashed from n: uniform and, like the
 * generator's, uncorrelated with the row order), unique ssn/badge/
 * employeeNumber/mobile derived from n.
 */
public final class SqlSeed {
    private static final String PROFILE = "urn:idbench:params:scim:schemas:extension:profile:2.0:User";
    private static final String ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
    private static final String ID = "md5('user.' || n)::uuid";

    private SqlSeed() {
    }

    public static void jsonb(Connection c, int n) throws SQLException {
        run(c, List.of("INSERT INTO scim_user (id, user_name, doc, version, created, last_modified) "
                + "SELECT " + ID + ", 'user.' || n, jsonb_build_object("
                + "'name', jsonb_build_object('givenName', 'fn_user.' || n, 'familyName', 'sn_user.' || n), "
                + "'emails', jsonb_build_array(jsonb_build_object('value', 'user.' || n || '@example.org', 'type', 'work', 'primary', true)), "
                + "'phoneNumbers', jsonb_build_array(jsonb_build_object('value', '+1 555 ' || n, 'type', 'mobile')), "
                + "'userType', 'Type ' || chr(65 + abs(hashint4(n)) % 10), "
                + "'" + PROFILE + "', jsonb_build_object('ssn', 100000000 + n, 'badge', 300000000 + n, 'gender', 'other'), "
                + "'" + ENTERPRISE + "', jsonb_build_object('employeeNumber', 'E' || n)), "
                + "1, now(), now() FROM generate_series(1, " + n + ") n",
                "VACUUM (ANALYZE) scim_user"));
    }

    /** One leaf: its catalogue name, value column, value expression, element index and unique text. */
    private record Leaf(String name, String column, String value, String unique) {
    }

    private static final List<Leaf> LEAVES = List.of(
            new Leaf("name.givenName", "string_value", "'fn_user.' || n", null),
            new Leaf("name.familyName", "string_value", "'sn_user.' || n", null),
            new Leaf("emails.value", "string_value", "'user.' || n || '@example.org'", null),
            new Leaf("emails.type", "string_value", "'work'", null),
            new Leaf("emails.primary", "boolean_value", "true", null),
            new Leaf("phoneNumbers.value", "string_value", "'+1 555 ' || n", null),
            new Leaf("phoneNumbers.type", "string_value", "'mobile'", null),
            new Leaf("userType", "string_value", "'Type ' || chr(65 + abs(hashint4(n)) % 10)", null),
            new Leaf(PROFILE + ":ssn", "long_value", "100000000 + n", "(100000000 + n)::text"),
            new Leaf(PROFILE + ":badge", "long_value", "300000000 + n", "(300000000 + n)::text"),
            new Leaf(PROFILE + ":gender", "string_value", "'other'", null),
            new Leaf(ENTERPRISE + ":employeeNumber", "string_value", "'E' || n", "lower('E' || n)"));

    public static void relational(Connection c, int n) throws SQLException {
        List<String> sql = new ArrayList<>();
        sql.add("INSERT INTO r_user (id, user_name, version, created, last_modified) "
                + "SELECT " + ID + ", 'user.' || n, 1, now(), now() FROM generate_series(1, " + n + ") n");
        for (Leaf leaf : LEAVES) {
            String schema = "(SELECT id FROM plain_schema WHERE owner_type = 'User' AND name = '" + leaf.name() + "')";
            sql.add("INSERT INTO u_attr (owner_id, schema_id) SELECT " + ID + ", " + schema
                    + " FROM generate_series(1, " + n + ") n");
            sql.add("INSERT INTO u_value (id, owner_id, schema_id, idx, " + leaf.column() + ") SELECT nextval('u_value_seq'), "
                    + ID + ", " + schema + ", 0, " + leaf.value() + " FROM generate_series(1, " + n + ") n");
            if (leaf.unique() != null) {
                sql.add("INSERT INTO u_unique_value (schema_id, value, owner_id) SELECT " + schema + ", " + leaf.unique()
                        + ", " + ID + " FROM generate_series(1, " + n + ") n");
            }
        }
        String mobile = "(SELECT id FROM plain_schema WHERE owner_type = 'User' AND name = 'phoneNumbers[type eq \"mobile\"].value')";
        sql.add("INSERT INTO u_unique_value (schema_id, value, owner_id) SELECT " + mobile + ", '+1 555 ' || n, " + ID
                + " FROM generate_series(1, " + n + ") n");
        sql.add("VACUUM (ANALYZE) r_user, u_attr, u_value, u_unique_value");
        run(c, sql);
    }

    /**
     * Group {@code name} with identities 1 … n as its direct members, inserted in one statement (as
     * the seeder's COPY does, so the member counts are kept by the schema's triggers); its id.
     */
    public static String groupOfAll(Connection c, boolean jsonb, String name, int n) throws SQLException {
        String id = "md5('group.' || '" + name + "')::uuid";
        String group = jsonb ? "INSERT INTO scim_group (id, display_name, doc, version, created, last_modified) SELECT " + id
                + ", '" + name + "', '{}'::jsonb, 1, now(), now()"
                : "INSERT INTO r_group (id, display_name, version, created, last_modified) SELECT " + id + ", '" + name
                        + "', 1, now(), now()";
        run(c, List.of(group, "INSERT INTO " + (jsonb ? "scim_membership" : "r_membership") + " (group_id, user_id) SELECT " + id
                + ", " + ID + " FROM generate_series(1, " + n + ") n", "VACUUM (ANALYZE) " + (jsonb ? "scim_membership" : "r_membership")));
        try (Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT " + id)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void run(Connection c, List<String> statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                if (sql.startsWith("VACUUM") && !c.getAutoCommit()) {
                    // As the seeder does: the visibility map set, so plans read the indexes alone. VACUUM needs autocommit.
                    c.commit();
                    c.setAutoCommit(true);
                    s.execute(sql);
                    c.setAutoCommit(false);
                } else {
                    s.execute(sql);
                }
            }
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }
}
