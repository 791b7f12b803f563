package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;

/** Plan 4's equality query, {@code (&(employeeType=<type>)(mail=<mail>))}: exactly {@code expected} identities (1 or 0). */
public class FindByTypeAndMail extends LdapSampler {
    public FindByTypeAndMail() {
        super("type", "mail", "expected");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        SearchResult result = op.connection().search(op.people(), SearchScope.ONE, Filter.createANDFilter(
                Filter.createEqualityFilter("employeeType", op.arg("type")), Filter.createEqualityFilter("mail", op.arg("mail"))), "*");
        String expected = op.arg("expected");
        return result.getEntryCount() == Integer.parseInt(expected) ? null
                : "the identity if it is of " + op.arg("type") + ", else none: " + expected + " expected, found " + result.getEntryCount();
    }
}
