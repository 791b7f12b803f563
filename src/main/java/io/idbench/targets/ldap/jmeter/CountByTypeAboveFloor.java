package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;

/**
 * Plan 4's range query, {@code (&(employeeType=<type>)(idbenchSsn>=<floor + 1>))} (SCIM's {@code gt} on an integer), its
 * matches counted (every DN listed: LDAP has no count); exactly {@code expected}.
 */
public class CountByTypeAboveFloor extends LdapSampler {
    public CountByTypeAboveFloor() {
        super("type", "floor", "expected");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        Filter filter = Filter.createANDFilter(Filter.createEqualityFilter("employeeType", op.arg("type")),
                Filter.createGreaterOrEqualFilter("idbenchSsn", String.valueOf(Long.parseLong(op.arg("floor")) + 1)));
        long counted = Checks.count(op.connection(), op.people(), filter);
        String expected = op.arg("expected");
        return counted == Long.parseLong(expected) ? null
                : "exactly the seeded identities of " + op.arg("type") + " above the floor: " + expected + " expected, counted " + counted;
    }
}
