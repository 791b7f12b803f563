package io.idbench.scim.schema;

import static io.idbench.scim.schema.AttributeDef.bool;
import static io.idbench.scim.schema.AttributeDef.complex;
import static io.idbench.scim.schema.AttributeDef.dateTime;
import static io.idbench.scim.schema.AttributeDef.integer;
import static io.idbench.scim.schema.AttributeDef.of;
import static io.idbench.scim.schema.AttributeDef.reference;
import static io.idbench.scim.schema.AttributeDef.string;

import java.util.List;
import java.util.Map;

/**
 * The schemas idbench serves: RFC 7643 core User and Group, the enterprise User extension and
 * idbench's profile extension (the 2018 Syncope user profile, see docs/workload.md). Uniqueness marked
 * {@code server} here is enforced by database constraints in every storage.
 */
public final class ScimSchemas {
    public static final String USER_URN = "urn:ietf:params:scim:schemas:core:2.0:User";
    public static final String GROUP_URN = "urn:ietf:params:scim:schemas:core:2.0:Group";
    public static final String ENTERPRISE_URN = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
    public static final String PROFILE_URN = "urn:idbench:params:scim:schemas:extension:profile:2.0:User";
    public static final String DYNAMIC_GROUP_URN = "urn:idbench:params:scim:schemas:extension:dynamic:2.0:Group";
    /** RFC 7644 3.4.2: a query's answer. */
    public static final String LIST_RESPONSE_URN = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
    /** RFC 7644 3.12: an error's body. */
    public static final String ERROR_URN = "urn:ietf:params:scim:api:messages:2.0:Error";

    public static final Schema USER = new Schema(USER_URN, "User", "User Account", List.of(
            string("userName").required().unique()
                    .description("Unique identifier for the User, used to authenticate; case-insensitive.").build(),
            complex("name",
                    string("formatted").build(),
                    string("familyName").build(),
                    string("givenName").build(),
                    string("middleName").build(),
                    string("honorificPrefix").build(),
                    string("honorificSuffix").build())
                    .description("The components of the user's real name.").build(),
            string("displayName").build(),
            string("nickName").build(),
            reference("profileUrl", "external").build(),
            string("title").build(),
            string("userType").description("Type A … Type J in the idbench profile.").build(),
            string("preferredLanguage").build(),
            string("locale").build(),
            string("timezone").build(),
            bool("active").build(),
            string("password").mutability(Mutability.WRITE_ONLY).returned(Returned.NEVER)
                    .description("Write-only; stored as a salted hash.").build(),
            multiValuedValue("emails", "work", "home", "other"),
            multiValuedValue("phoneNumbers", "work", "home", "mobile", "fax", "pager", "other"), // mobile: unique
            multiValuedValue("ims", "aim", "gtalk", "icq", "xmpp", "msn", "skype", "qq", "yahoo"),
            multiValuedValue("photos", "photo", "thumbnail"),
            complex("addresses",
                    string("formatted").build(),
                    string("streetAddress").build(),
                    string("locality").build(),
                    string("region").build(),
                    string("postalCode").build(),
                    string("country").build(),
                    string("type").canonicalValues("work", "home", "other").build(),
                    bool("primary").build())
                    .multiValued().build(),
            complex("groups",
                    string("value").readOnly().build(),
                    reference("$ref", "User", "Group").readOnly().build(),
                    string("display").readOnly().build(),
                    string("type").canonicalValues("direct", "indirect").readOnly().build())
                    .multiValued().readOnly()
                    .description("Groups the user belongs to, directly or dynamically (indirect).").build(),
            multiValuedValue("entitlements"),
            multiValuedValue("roles"),
            complex("x509Certificates",
                    of("value", AttributeType.BINARY).caseExact().build(),
                    string("display").build(),
                    string("type").build(),
                    bool("primary").build())
                    .multiValued().build()));

    public static final Schema ENTERPRISE_USER = new Schema(ENTERPRISE_URN, "EnterpriseUser",
            "Enterprise User", List.of(
                    string("employeeNumber").unique()
                            .description("Unique in the idbench profile (the 2018 'id number').").build(),
                    string("costCenter").build(),
                    string("organization").build(),
                    string("division").build(),
                    string("department").build(),
                    complex("manager",
                            string("value").build(),
                            reference("$ref", "User").build(),
                            string("displayName").readOnly().build())
                            .build()));

    public static final Schema PROFILE_USER = new Schema(PROFILE_URN, "IdbenchProfile",
            "The idbench identity profile (the 2018 Syncope benchmark user)", List.of(
                    integer("ssn").unique().build(),
                    string("gender").build(),
                    string("birthPlace").build(),
                    dateTime("birthday").build(),
                    integer("badge").unique().build(),
                    string("contractLevel").build(),
                    dateTime("contractStart").build(),
                    string("qualification").build(),
                    string("institution").build(),
                    string("organization").build(),
                    string("recruitment").build()));

    public static final Schema GROUP = new Schema(GROUP_URN, "Group", "Group", List.of(
            string("displayName").required().unique()
                    .description("Human-readable name; unique and case-insensitive in idbench.").build(),
            complex("members",
                    string("value").mutability(Mutability.IMMUTABLE).build(),
                    reference("$ref", "User").readOnly().build(),
                    string("display").readOnly().build(),
                    string("type").canonicalValues("User").readOnly().build())
                    .multiValued().description("Members of the group (users).").build()));

    /** Dynamic membership (Syncope's "dynamic membership condition"), idbench's extension of Group. */
    public static final Schema DYNAMIC_GROUP = new Schema(DYNAMIC_GROUP_URN, "DynamicGroup",
            "Dynamic membership: every user matching the condition is a member", List.of(
                    string("membershipCondition").caseExact()
                            .description("A SCIM filter over Users (it may not refer to groups). Every user it matches is a "
                                    + "member, listed in the user's groups with type 'indirect' and kept current on every "
                                    + "user save; not listed in the group's members.")
                            .build()));

    public static final ResourceType USER_TYPE = new ResourceType("User", "/Users", "User Account", USER,
            List.of(ENTERPRISE_USER, PROFILE_USER));
    public static final ResourceType GROUP_TYPE = new ResourceType("Group", "/Groups", "Group", GROUP, List.of(DYNAMIC_GROUP));

    /**
     * Values unique per element type: the profile's mobile number (phoneNumbers[type eq "mobile"].value).
     * A user holds at most one element of such a type, so a unique index on it covers every value.
     */
    public static final Map<String, String> UNIQUE_TYPED_VALUES = Map.of("phoneNumbers", "mobile");

    public static final List<ResourceType> RESOURCE_TYPES = List.of(USER_TYPE, GROUP_TYPE);
    public static final List<Schema> ALL = List.of(USER, GROUP, ENTERPRISE_USER, PROFILE_USER, DYNAMIC_GROUP);

    /** The usual shape of emails, phoneNumbers, ims, photos, entitlements, roles. */
    private static AttributeDef multiValuedValue(String name, String... types) {
        return complex(name,
                string("value").build(),
                string("display").build(),
                string("type").canonicalValues(types).build(),
                bool("primary").build())
                .multiValued().build();
    }

    private ScimSchemas() {
    }
}
