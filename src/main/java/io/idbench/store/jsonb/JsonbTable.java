package io.idbench.store.jsonb;

import io.idbench.scim.schema.AttributeDef;
import io.idbench.store.MembershipSql;
import io.idbench.store.Sql;

/**
 * The physical names of one JSONB resource table and of its side of scim_membership: what differs
 * between users and groups, so one filter compiler and one row mapper serve both.
 */
record JsonbTable(String table, String nameColumn, String nameAttribute, String membershipAttribute,
        String memberColumn, String otherColumn, String otherTable, String otherNameColumn,
        String membershipSource) {

    /** A user's groups: direct and dynamic memberships (the scim_user_groups view, with their type). */
    static final JsonbTable USERS = new JsonbTable("scim_user", "user_name", "userName", "groups",
            "user_id", "group_id", "scim_group", "display_name", "scim_user_groups");
    static final JsonbTable GROUPS = new JsonbTable("scim_group", "display_name", "displayName", "members",
            "group_id", "user_id", "scim_user", "user_name", "scim_group_members");

    boolean isMembership(AttributeDef attribute) {
        return attribute.name().equals(membershipAttribute);
    }

    /**
     * Appends the select list; with {@code memberLimit} > 0 the membership attribute is aggregated
     * from at most memberLimit + 1 rows (in the other side's id order), so an oversized group costs
     * a bounded read and is reported instead of materialised.
     */
    void select(Sql out, int memberLimit) {
        select(out, memberLimit, true);
    }

    /** As {@link #select(Sql, int)}; without {@code attributes} the document is not read (an empty one stands in). */
    void select(Sql out, int memberLimit, boolean attributes) {
        out.append("SELECT r.id, r." + nameColumn + ", " + (attributes ? "r.doc::text" : "'{}'")
                + ", r.version, r.created, r.last_modified, ");
        if (memberLimit > 0) {
            MembershipSql.membershipJson(out, membershipSource, memberColumn, otherColumn, otherTable,
                    otherNameColumn, memberLimit);
        } else {
            out.append("NULL");
        }
        out.append(" FROM " + table + " r");
    }
}
