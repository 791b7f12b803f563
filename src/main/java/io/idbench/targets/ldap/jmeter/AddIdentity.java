package io.idbench.targets.ldap.jmeter;

import com.fasterxml.jackson.databind.JsonNode;
import com.unboundid.ldap.sdk.AddRequest;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.controls.PostReadRequestControl;
import io.idbench.targets.ldap.LdapIdentity;

/**
 * Adds the identity of a SCIM body (argument {@code user}: the very body the SCIM plans POST) as its entry, read back in the
 * same operation (post-read control, RFC 4527), as a SCIM create answers with the resource.
 */
public class AddIdentity extends LdapSampler {
    public AddIdentity() {
        super("user");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        JsonNode user = Checks.json(op.arg("user"));
        AddRequest add = new AddRequest(LdapIdentity.entry(user, op.people()));
        add.addControl(new PostReadRequestControl("*"));
        return Checks.postRead(op.connection().add(add), "uid", user.get("userName").asText(), "the entry is not the new identity");
    }
}
