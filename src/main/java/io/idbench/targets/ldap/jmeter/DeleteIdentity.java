package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;

/** Deletes the identity {@code uid}; with {@code absentOk=true} (a teardown) one that is not there is no failure. */
public class DeleteIdentity extends LdapSampler {
    public DeleteIdentity() {
        super("uid", "absentOk");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        try {
            op.connection().delete(op.dn(op.arg("uid")));
        } catch (LDAPException e) {
            if (e.getResultCode() != ResultCode.NO_SUCH_OBJECT || !Boolean.parseBoolean(op.arg("absentOk"))) {
                throw e;
            }
        }
        return null;
    }
}
