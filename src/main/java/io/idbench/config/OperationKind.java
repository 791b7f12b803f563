package io.idbench.config;

/**
 * What an operation a plan measures does, whatever its label says and whichever protocol carries it: what the answers read
 * when they ask for a run's writes or its searches.
 */
public enum OperationKind {
    /** Obtains the credentials the later requests carry: a token grant, an LDAP bind as the user. */
    LOGIN,
    /** Adds an identity or a group. */
    CREATE,
    /** One resource by its id or its DN. */
    READ,
    /** Resources by a filter, a lookup by a unique attribute included: what a search engine may answer. */
    SEARCH,
    /** A page of a whole collection, unfiltered: a listing or an import. */
    LIST,
    /** Changes an identity or a group's own attributes (a PATCH, a PUT, a deactivation, a rename). */
    UPDATE,
    /** Removes an identity or a group. */
    DELETE,
    /** Adds members to a group or removes them. */
    MEMBERSHIP,
    /** A check the plan makes of the target's state, not a client's request. */
    AUDIT;

    /** Whether it changes what the target stores. */
    public boolean writes() {
        return switch (this) {
            case CREATE, UPDATE, DELETE, MEMBERSHIP -> true;
            case LOGIN, READ, SEARCH, LIST, AUDIT -> false;
        };
    }

    /** Whether it finds resources by a filter. */
    public boolean searches() {
        return this == SEARCH;
    }
}
