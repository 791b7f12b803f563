package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;

/** A search by uid (SCIM's userName, argument {@code uid}): exactly that identity. */
public class FindByUid extends LdapSampler {
    public FindByUid() {
        super("uid");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        String uid = op.arg("uid");
        SearchResult result = op.connection().search(op.people(), SearchScope.SUB, Filter.createEqualityFilter("uid", uid), "*");
        if (result.getEntryCount() != 1) {
            return "exactly one match expected, found " + result.getEntryCount();
        }
        String dn = result.getSearchEntries().get(0).getDN();
        return dn.equals(op.dn(uid)) ? null : "it is not the new identity: " + dn;
    }
}
