package io.idbench.targets.ldap;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;
import io.idbench.seed.IdentityGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * The workload's directory as LDIF (RFC 2849), for {@code slapadd}: the suffix, {@code ou=people} and {@code ou=groups},
 * identity N of the generator as an inetOrgPerson with the idbench profile ({@link IdbenchSchema}), and the static groups
 * (groupOfNames) with every identity a member. slapadd runs no overlay, so each identity carries its {@code memberOf} values
 * itself, as the memberof overlay would have written them. The same N gives the same entry on every machine: its password is
 * the SQL datasets' hash from the same pool ({SSHA256}, which slapd verifies with its pw-sha2 module).
 */
public final class IdentityLdif {
    private final IdentityGenerator generator;
    private final List<String> passwordPool;

    /** @param passwordPool the hashed passwords, identity N's at N modulo its size (as the SQL datasets store them) */
    public IdentityLdif(IdentityGenerator generator, List<String> passwordPool) {
        this.generator = generator;
        this.passwordPool = List.copyOf(passwordPool);
    }

    /** The whole directory of {@code users} identities; the groups only when there are members (groupOfNames needs one). */
    public void writeDirectory(Appendable out, long users) throws IOException {
        writeSkeleton(out);
        for (long n = 1; n <= users; n++) {
            writeUser(out, n, users > 0);
        }
        if (users > 0) {
            for (String group : IdentityGenerator.staticGroups()) {
                entry(out, DirectoryLayout.groupDn(group), "groupOfNames");
                line(out, "cn", group);
                for (long n = 1; n <= users; n++) {
                    line(out, "member", DirectoryLayout.userDn(IdentityGenerator.userName(n)));
                }
                out.append('\n');
            }
        }
    }

    /** The suffix and the two organizational units, without an identity: an empty directory. */
    public static void writeSkeleton(Appendable out) throws IOException {
        entry(out, DirectoryLayout.BASE_DN, "dcObject", "organization");
        line(out, "dc", "idbench");
        line(out, "o", "idbench");
        out.append('\n');
        entry(out, DirectoryLayout.PEOPLE_DN, "organizationalUnit");
        line(out, "ou", "people");
        out.append('\n');
        entry(out, DirectoryLayout.GROUPS_DN, "organizationalUnit");
        line(out, "ou", "groups");
        out.append('\n');
    }

    /** Identity N: {@link LdapIdentity}'s entry of its SCIM body with its hashed password, a member of the static groups when {@code grouped}. */
    void writeUser(Appendable out, long n, boolean grouped) throws IOException {
        ObjectNode body = generator.body(n).put("password", passwordPool.get((int) (n % passwordPool.size())));
        Entry e = LdapIdentity.entry(body, DirectoryLayout.PEOPLE_DN);
        line(out, "dn", e.getDN());
        for (Attribute a : e.getAttributes()) {
            for (String value : a.getValues()) {
                line(out, a.getName(), value);
            }
        }
        if (grouped) {
            for (String group : IdentityGenerator.staticGroups()) {
                line(out, "memberOf", DirectoryLayout.groupDn(group));
            }
        }
        out.append('\n');
    }

    private static void entry(Appendable out, String dn, String... objectClasses) throws IOException {
        line(out, "dn", dn);
        for (String oc : objectClasses) {
            line(out, "objectClass", oc);
        }
    }

    /** {@code attr: value}, or {@code attr:: base64} where RFC 2849's SAFE-STRING does not hold. */
    static void line(Appendable out, String attribute, String value) throws IOException {
        out.append(attribute);
        if (safe(value)) {
            out.append(": ").append(value);
        } else {
            out.append(":: ").append(Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)));
        }
        out.append('\n');
    }

    static boolean safe(String value) {
        if (value.isEmpty()) {
            return true;
        }
        char first = value.charAt(0);
        if (first == ' ' || first == ':' || first == '<' || value.charAt(value.length() - 1) == ' ') {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == 0 || c == '\n' || c == '\r' || c > 0x7F) {
                return false;
            }
        }
        return true;
    }
}
