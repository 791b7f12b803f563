package io.idbench.targets.ldap;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.seed.IdentityGenerator;
import io.idbench.service.PasswordHasher;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The directory's LDIF: pinned to the generator's version, each identity's values where the schema puts them. */
class IdentityLdifTest {
    static final List<String> POOL = new PasswordHasher.SaltedSha256().seedPool(IdentityGenerator.PASSWORD_POOL,
            IdentityGenerator::password);
    private final IdentityLdif ldif = new IdentityLdif(new IdentityGenerator(Json.mapper()), POOL);

    /** The first 1,000 identities and their groups, pinned: if this changes, the kept directories change (SlapdDataset's name). */
    @Test
    void theDirectoryIsPinnedToTheGeneratorVersion() throws Exception {
        StringBuilder out = new StringBuilder();
        ldif.writeDirectory(out, 1000);
        String digest = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(out.toString().getBytes(StandardCharsets.UTF_8)));
        assertThat(IdentityGenerator.VERSION).isEqualTo(1);
        assertThat(digest).as("the LDIF changed: the kept directories hold the old one; change SlapdDataset's name with it")
                .isEqualTo(GOLDEN_V1);
    }

    private static final String GOLDEN_V1 = "d6cd7194e15a7ac9715a374fd19d55b28ffaec61e553187fa4a8dcca6eb19fbd";

    @Test
    void identityNCarriesTheProfileInItsLdapAttributes() throws Exception {
        StringBuilder out = new StringBuilder();
        ldif.writeUser(out, 42, true);
        JsonNode u = new IdentityGenerator(Json.mapper()).body(42);
        String entry = out.toString();
        assertThat(entry).startsWith("dn: uid=user.42,ou=people,dc=idbench,dc=org\nobjectClass: inetOrgPerson\n"
                + "objectClass: idbenchIdentity\nuid: user.42\ncn: fn_user.42 sn_user.42\nsn: sn_user.42\ngivenName: fn_user.42\n")
                .contains("employeeType: " + u.get("userType").asText() + "\n", "mail: user.42@example.org\n",
                        "mobile: +1 555 42\n", "employeeNumber: E42\n", "idbenchSsn: 100000042\n", "idbenchBadge: 300000042\n",
                        "userPassword: " + POOL.get(42 % POOL.size()) + "\n", "idbenchActive: TRUE\n",
                        "homePostalAddress: 4507 Hill Boulevard, Suite 242$Ashland, OH 23434$US\n",
                        "postalAddress: 8936 Pine Court, Suite 132$Arlington, VA 13905$US\n",
                        "memberOf: cn=hr,ou=groups,dc=idbench,dc=org\n", "memberOf: cn=employee,ou=groups,dc=idbench,dc=org\n")
                .endsWith("\n\n");
        String birthday = u.at("/urn:idbench:params:scim:schemas:extension:profile:2.0:User/birthday").asText();
        assertThat(entry).contains("idbenchBirthday: " + birthday.substring(0, 4) + birthday.substring(5, 7) + birthday.substring(8, 10)
                + "000000Z\n");
    }

    @Test
    void anEmptyDirectoryHasNoGroupsForAGroupOfNamesNeedsAMember() throws Exception {
        StringBuilder out = new StringBuilder();
        ldif.writeDirectory(out, 0);
        assertThat(out.toString()).contains("dn: ou=groups,dc=idbench,dc=org\n").doesNotContain("groupOfNames", "uid=");
    }

    @Test
    void unsafeValuesAreBase64AndPostalLinesAreEscaped() throws Exception {
        StringBuilder out = new StringBuilder();
        IdentityLdif.line(out, "cn", " leading space");
        IdentityLdif.line(out, "cn", ":colon");
        IdentityLdif.line(out, "cn", "Zoë");
        IdentityLdif.line(out, "cn", "plain {SSHA256}x=");
        assertThat(out.toString()).isEqualTo("cn:: IGxlYWRpbmcgc3BhY2U=\ncn:: OmNvbG9u\ncn:: Wm/Dqw==\ncn: plain {SSHA256}x=\n");
        JsonNode a = Json.mapper().readTree("{\"streetAddress\":\"1$2\\\\3\",\"locality\":\"L\",\"region\":\"R\",\"postalCode\":\"9\","
                + "\"country\":\"US\"}");
        assertThat(LdapIdentity.postalAddress(a)).isEqualTo("1\\242\\5C3$L, R 9$US");
        assertThat(LdapIdentity.generalizedTime("1980-05-17T00:00:00Z")).isEqualTo("19800517000000Z");
    }
}
