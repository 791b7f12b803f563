package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResultEntry;

/** Reads an identity by its DN (argument {@code dn}, the directory's id), every attribute; it must be {@code uid}. */
public class ReadIdentity extends LdapSampler {
    public ReadIdentity() {
        super("dn", "uid");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        return check(op.connection().getEntry(op.arg("dn"), "*"), op.arg("uid"));
    }

    static String check(SearchResultEntry entry, String uid) {
        String actual = entry == null ? "no entry" : entry.getAttributeValue("uid");
        return uid.equals(actual) ? null : "it is not the identity asked for: " + actual + ", not " + uid;
    }
}
