package io.idbench.store.jsonb;

import io.idbench.scim.filter.AttrRef;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.MembershipSql;
import io.idbench.store.Sql;
import java.util.Map;
import java.util.Optional;

/**
 * The physical names of one JSONB resource table and of its side of scim_membership: what differs
 * between users and groups, so one filter compiler and one row mapper serve both.
 *
 * @param generated attributes (schema URN ":" name) that PostgreSQL also keeps in a generated column
 *                  of their own, in the form they are compared in (lower-cased "C" text, bigint)
 */
record JsonbTable(String table, String nameColumn, String nameAttribute, String membershipAttribute,
        String memberColumn, String otherColumn, String otherTable, String otherNameColumn,
        String membershipSource, Map<String, String> generated) {

    /** A user's groups: direct and dynamic memberships (the scim_user_groups view, with their type). */
    static final JsonbTable USERS = new JsonbTable("scim_user", "user_name", "userName", "groups",
            "user_id", "group_id", "scim_group", "display_name", "scim_user_groups",
            Map.of(ScimSchemas.USER_URN + ":userType", "user_type", ScimSchemas.PROFILE_URN + ":ssn", "ssn"));
    static final JsonbTable GROUPS = new JsonbTable("scim_group", "display_name", "displayName", "members",
            "group_id", "user_id", "scim_user", "user_name", "scim_group_members", Map.of());

    /** The generated column (alias r) that holds {@code ref}'s value, compared as it is stored. */
    Optional<String> generatedColumn(AttrRef ref) {
        return ref.sub() != null ? Optional.empty()
                : Optional.ofNullable(generated.get(ref.schema().id() + ":" + ref.attribute().name())).map(c -> "r." + c);
    }

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
