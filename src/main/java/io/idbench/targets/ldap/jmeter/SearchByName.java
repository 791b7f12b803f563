package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * Plan 1's search: identities whose given name or surname is the target's (argument {@code uid}), at most 25, without a
 * server-side sort (slapd's needs the sssvlv overlay); the target must be among them. Its DN goes to variable foundDn
 * (NOT_FOUND when it is not).
 */
public class SearchByName extends LdapSampler {
    static final int SIZE_LIMIT = 25;

    public SearchByName() {
        super("uid");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        String target = op.arg("uid");
        SearchRequest search = new SearchRequest(op.people(), SearchScope.SUB, Filter.createORFilter(
                Filter.createEqualityFilter("givenName", "fn_" + target), Filter.createEqualityFilter("sn", "sn_" + target)), "*");
        search.setSizeLimit(SIZE_LIMIT);
        SearchResult result = op.connection().search(search);
        SearchResultEntry found = result.getSearchEntries().stream().filter(e -> target.equals(e.getAttributeValue("uid")))
                .findFirst().orElse(null);
        op.vars().put("foundDn", found == null ? "NOT_FOUND" : found.getDN());
        return found == null ? "the search did not find " + target + " (" + result.getEntryCount() + " entries)" : null;
    }
}
