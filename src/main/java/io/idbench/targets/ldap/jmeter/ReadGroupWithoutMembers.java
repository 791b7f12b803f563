package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResultEntry;

/** The group read without its members (its cn only). */
public class ReadGroupWithoutMembers extends GroupMembers {
    @Override
    protected String operate(Operation op) throws LDAPException {
        SearchResultEntry group = op.connection().getEntry(groupDn(op), "cn");
        boolean ok = group != null && op.arg("group").equals(group.getAttributeValue("cn")) && !group.hasAttribute("member");
        return ok ? null : "it is not " + op.arg("group") + " without its members: " + group;
    }
}
