package io.idbench.store;

/**
 * What a read of users loads. A response that leaves attributes out lets the store skip them:
 * the groups are an aggregate over memberships per user, the attributes a document (JSONB) or
 * one value row per attribute (relational); a page of members ({@code attributes=userName})
 * needs neither.
 *
 * @param groups     the users' groups
 * @param attributes every attribute; without them a user holds its userName alone (and its
 *                   groups when asked for)
 */
public record UserFields(boolean groups, boolean attributes) {
    /** Everything the user has. */
    public static final UserFields ALL = new UserFields(true, true);
}
