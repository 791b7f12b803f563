package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;

/** The group's members counted: every member's DN listed, a page at a time, and counted (LDAP has no count). */
public class CountMembers extends GroupMembers {
    @Override
    protected String operate(Operation op) throws LDAPException {
        long counted = Checks.count(op.connection(), op.people(), Filter.createEqualityFilter("memberOf", groupDn(op)));
        return counted == op.users() ? null
                : "every seeded identity is a member: " + op.users() + " expected, counted " + counted;
    }
}
