package io.idbench.store.relational;

/**
 * The physical names of one owner type (users or groups) in the relational storage, and of its
 * side of r_membership: what differs between them, so one compiler and one mapper serve both.
 */
record RelationalTable(String table, String nameColumn, String nameAttribute, String membershipAttribute,
        String attrTable, String valueTable, String uniqueTable,
        String memberColumn, String otherColumn, String otherTable, String otherNameColumn,
        String membershipSource, String uniqueConstraint) {

    /** A user's groups: direct and dynamic memberships (the r_user_groups view, with their type). */
    static final RelationalTable USERS = new RelationalTable("r_user", "user_name", "userName", "groups",
            "u_attr", "u_value", "u_unique_value", "user_id", "group_id", "r_group", "display_name", "r_user_groups",
            "u_unique_value_uq");
    static final RelationalTable GROUPS = new RelationalTable("r_group", "display_name", "displayName", "members",
            "g_attr", "g_value", "g_unique_value", "group_id", "user_id", "r_user", "user_name", "r_group_members",
            "g_unique_value_uq");
}
