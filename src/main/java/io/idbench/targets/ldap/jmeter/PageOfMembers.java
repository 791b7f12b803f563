package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.controls.SimplePagedResultsControl;

/**
 * The first page of members (identities whose memberOf names the group), their uid only, through the paged-results control
 * (RFC 2696: LDAP has no random offset, and slapd gives no estimate of the total).
 */
public class PageOfMembers extends GroupMembers {
    static final int PAGE = 100;

    @Override
    protected String operate(Operation op) throws LDAPException {
        SearchRequest search = new SearchRequest(op.people(), SearchScope.ONE, Filter.createEqualityFilter("memberOf", groupDn(op)),
                "uid");
        search.addControl(new SimplePagedResultsControl(PAGE));
        SearchResult result = op.connection().search(search);
        SimplePagedResultsControl more = SimplePagedResultsControl.get(result);
        long expected = Math.min(PAGE, op.users());
        if (result.getEntryCount() != expected) {
            return "a page of " + expected + " members expected, found " + result.getEntryCount();
        }
        boolean saysMore = more != null && more.moreResultsToReturn();
        return op.users() > PAGE && !saysMore ? "every seeded identity is a member: the page must say there are more" : null;
    }
}
