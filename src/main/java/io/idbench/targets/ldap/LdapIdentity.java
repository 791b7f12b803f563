package io.idbench.targets.ldap;

import com.fasterxml.jackson.databind.JsonNode;
import com.unboundid.ldap.sdk.Entry;
import io.idbench.scim.schema.ScimSchemas;
import java.util.List;

/**
 * The one mapping of a SCIM identity (RFC 7643, with the enterprise and idbench profile extensions) to a directory entry: an
 * inetOrgPerson with the idbench profile ({@link IdbenchSchema}), named by its userName under the given people DN. The seeded
 * directory ({@link IdentityLdif}) and the LDAP plans' samplers (which map the very body the SCIM plans send) both use it, so
 * an identity is the same entry however it reaches the directory. It reads only the attributes the workload's identity has.
 *
 * <p>This class runs inside JMeter too (the plans' samplers): it may use Jackson, the UnboundID SDK and constants, nothing
 * else of idbench.
 */
public final class LdapIdentity {
    private LdapIdentity() {
    }

    /** The entry of a SCIM user body: its password (when the body has one) as given, memberships not included. */
    public static Entry entry(JsonNode user, String peopleDn) {
        String userName = user.get("userName").asText();
        Entry e = new Entry("uid=" + userName + "," + peopleDn);
        e.addAttribute("objectClass", "inetOrgPerson", IdbenchSchema.OBJECT_CLASS);
        e.addAttribute("uid", userName);
        JsonNode name = user.get("name");
        e.addAttribute("cn", name.get("givenName").asText() + " " + name.get("familyName").asText());
        e.addAttribute("sn", name.get("familyName").asText());
        e.addAttribute("givenName", name.get("givenName").asText());
        e.addAttribute("employeeType", user.get("userType").asText());
        e.addAttribute("mail", user.get("emails").get(0).get("value").asText());
        e.addAttribute("mobile", user.get("phoneNumbers").get(0).get("value").asText());
        for (JsonNode a : user.get("addresses")) {
            e.addAttribute("home".equals(a.get("type").asText()) ? "homePostalAddress" : "postalAddress", postalAddress(a));
        }
        e.addAttribute("employeeNumber", user.get(ScimSchemas.ENTERPRISE_URN).get("employeeNumber").asText());
        if (user.hasNonNull("password")) {
            e.addAttribute("userPassword", user.get("password").asText());
        }
        JsonNode p = user.get(ScimSchemas.PROFILE_URN);
        e.addAttribute(IdbenchSchema.SSN, p.get("ssn").asText());
        e.addAttribute(IdbenchSchema.BADGE, p.get("badge").asText());
        e.addAttribute(IdbenchSchema.GENDER, p.get("gender").asText());
        e.addAttribute(IdbenchSchema.BIRTH_PLACE, p.get("birthPlace").asText());
        e.addAttribute(IdbenchSchema.BIRTHDAY, generalizedTime(p.get("birthday").asText()));
        e.addAttribute(IdbenchSchema.CONTRACT_LEVEL, p.get("contractLevel").asText());
        e.addAttribute(IdbenchSchema.CONTRACT_START, generalizedTime(p.get("contractStart").asText()));
        e.addAttribute(IdbenchSchema.QUALIFICATION, p.get("qualification").asText());
        e.addAttribute(IdbenchSchema.INSTITUTION, p.get("institution").asText());
        e.addAttribute(IdbenchSchema.ORGANIZATION, p.get("organization").asText());
        e.addAttribute(IdbenchSchema.RECRUITMENT, p.get("recruitment").asText());
        // RFC 7643 4.1.1: a user without `active` is not said to be inactive; the directory has no such default.
        e.addAttribute(IdbenchSchema.ACTIVE, user.path("active").asBoolean(true) ? "TRUE" : "FALSE");
        return e;
    }

    /** RFC 4517 3.3.28: lines joined by '$', in which '\' and '$' are escaped. */
    static String postalAddress(JsonNode a) {
        return String.join("$", List.of(a.get("streetAddress").asText(),
                a.get("locality").asText() + ", " + a.get("region").asText() + " " + a.get("postalCode").asText(),
                a.get("country").asText()).stream().map(s -> s.replace("\\", "\\5C").replace("$", "\\24")).toList());
    }

    /** An ISO-8601 instant at whole seconds in UTC (the generator's dates) as GeneralizedTime: 1980-05-17T00:00:00Z → 19800517000000Z. */
    static String generalizedTime(String instant) {
        return instant.replace("-", "").replace(":", "").replace("T", "");
    }
}
