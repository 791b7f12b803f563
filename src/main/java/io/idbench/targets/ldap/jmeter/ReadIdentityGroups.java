package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResultEntry;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/** A seeded identity drawn at random, its groups only (memberOf, kept by slapd's memberof overlay): the group among them. */
public class ReadIdentityGroups extends GroupMembers {
    @Override
    protected String operate(Operation op) throws LDAPException {
        String uid = "user." + (1 + ThreadLocalRandom.current().nextLong(op.users()));
        SearchResultEntry entry = op.connection().getEntry(op.dn(uid), "memberOf");
        String[] groups = entry == null ? null : entry.getAttributeValues("memberOf");
        boolean in = groups != null && Arrays.asList(groups).contains(groupDn(op));
        return in ? null : "the identity is in " + op.arg("group") + ": " + uid + " has memberOf " + Arrays.toString(groups);
    }
}
