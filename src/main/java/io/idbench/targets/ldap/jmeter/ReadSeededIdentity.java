package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.LDAPException;
import java.util.concurrent.ThreadLocalRandom;

/** Plan 2's read: a seeded identity drawn at random (user.1 … user.{users}) read by its DN, every attribute. */
public class ReadSeededIdentity extends LdapSampler {
    @Override
    protected String operate(Operation op) throws LDAPException {
        String uid = "user." + (1 + ThreadLocalRandom.current().nextLong(op.users()));
        return ReadIdentity.check(op.connection().getEntry(op.dn(uid), "*"), uid);
    }
}
