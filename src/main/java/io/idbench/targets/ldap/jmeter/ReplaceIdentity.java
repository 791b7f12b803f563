package io.idbench.targets.ldap.jmeter;

import com.fasterxml.jackson.databind.JsonNode;
import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import com.unboundid.ldap.sdk.ModifyRequest;
import com.unboundid.ldap.sdk.controls.PostReadRequestControl;
import io.idbench.targets.ldap.LdapIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A full update, as a SCIM PUT replaces the resource: every attribute of the SCIM body's entry (argument {@code user}) but its
 * name and classes replaced, and what it does not hold among {@code removed} (comma-separated: attributes an earlier partial
 * update set) removed; the entry read back in the same operation must be the identity, without them.
 */
public class ReplaceIdentity extends LdapSampler {
    private static final Set<String> KEPT = Set.of("objectclass", "uid");

    public ReplaceIdentity() {
        super("user", "removed");
    }

    @Override
    protected String operate(Operation op) throws LDAPException {
        JsonNode user = Checks.json(op.arg("user"));
        Entry entry = LdapIdentity.entry(user, op.people());
        List<Modification> changes = new ArrayList<>();
        for (Attribute a : entry.getAttributes()) {
            if (!KEPT.contains(a.getBaseName().toLowerCase(java.util.Locale.ROOT))) {
                changes.add(new Modification(ModificationType.REPLACE, a.getName(), a.getValues()));
            }
        }
        List<String> removed = List.of(op.arg("removed").split(",")).stream().filter(s -> !s.isBlank()).toList();
        for (String attribute : removed) {
            changes.add(new Modification(ModificationType.REPLACE, attribute));
        }
        ModifyRequest modify = new ModifyRequest(entry.getDN(), changes);
        List<String> readBack = new ArrayList<>(removed);
        readBack.add("uid");
        modify.addControl(new PostReadRequestControl(readBack.toArray(String[]::new)));
        var result = op.connection().modify(modify);
        String failure = Checks.postRead(result, "uid", user.get("userName").asText(), "it is not the identity");
        if (failure != null) {
            return failure;
        }
        Entry read = Checks.readBack(result);
        return removed.stream().filter(read::hasAttribute).findFirst()
                .map(a -> "the " + a + " the identity no longer has is still there: " + read.getAttributeValue(a)).orElse(null);
    }
}
