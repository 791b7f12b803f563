package io.idbench.targets.ldap.jmeter;

import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import com.unboundid.ldap.sdk.ModifyRequest;
import com.unboundid.ldap.sdk.controls.PostReadRequestControl;

/**
 * A partial update: one attribute (argument {@code attribute}) of the identity at {@code dn} replaced by {@code value}, the
 * entry read back in the same operation; the new value must be visible there.
 */
public class ReplaceAttribute extends LdapSampler {
    public ReplaceAttribute() {
        super("dn", "attribute", "value");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        String attribute = op.arg("attribute");
        String value = op.arg("value");
        ModifyRequest modify = new ModifyRequest(op.arg("dn"), new Modification(ModificationType.REPLACE, attribute, value));
        modify.addControl(new PostReadRequestControl(attribute));
        return Checks.postRead(op.connection().modify(modify), attribute, value, "the new " + attribute + " is not visible");
    }
}
