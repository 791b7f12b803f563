package io.idbench.targets.ldap;

import java.util.List;

/**
 * The LDAP schema of the identity profile's attributes that inetOrgPerson lacks (the idbench profile extension's), as an
 * auxiliary object class beside inetOrgPerson: typed as the SCIM schema types them, so a directory compares numbers and dates
 * as numbers and dates (an ssn range is an ordering match, not a string comparison). Its OIDs are under 2.25, the arc of
 * UUIDs (ITU-T X.667), which needs no registration.
 */
public final class IdbenchSchema {
    /** 2.25.&lt;a UUID as an integer&gt;, drawn once for idbench. */
    static final String OID = "2.25.215884514848912036285821358106290684171";
    public static final String OBJECT_CLASS = "idbenchIdentity";
    public static final String SSN = "idbenchSsn";
    public static final String BADGE = "idbenchBadge";
    public static final String GENDER = "idbenchGender";
    public static final String BIRTH_PLACE = "idbenchBirthPlace";
    public static final String BIRTHDAY = "idbenchBirthday";
    public static final String CONTRACT_LEVEL = "idbenchContractLevel";
    public static final String CONTRACT_START = "idbenchContractStart";
    public static final String QUALIFICATION = "idbenchQualification";
    public static final String INSTITUTION = "idbenchInstitution";
    public static final String ORGANIZATION = "idbenchOrganization";
    public static final String RECRUITMENT = "idbenchRecruitment";
    public static final String ACTIVE = "idbenchActive";

    private static final String INTEGER = "EQUALITY integerMatch ORDERING integerOrderingMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27";
    private static final String TIME = "EQUALITY generalizedTimeMatch ORDERING generalizedTimeOrderingMatch"
            + " SYNTAX 1.3.6.1.4.1.1466.115.121.1.24";
    private static final String TEXT = "EQUALITY caseIgnoreMatch SUBSTR caseIgnoreSubstringsMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15";
    private static final String BOOLEAN = "EQUALITY booleanMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.7";

    private record Type(String name, String matching) {
    }

    private static final List<Type> TYPES = List.of(new Type(SSN, INTEGER), new Type(BADGE, INTEGER), new Type(GENDER, TEXT),
            new Type(BIRTH_PLACE, TEXT), new Type(BIRTHDAY, TIME), new Type(CONTRACT_LEVEL, TEXT), new Type(CONTRACT_START, TIME),
            new Type(QUALIFICATION, TEXT), new Type(INSTITUTION, TEXT), new Type(ORGANIZATION, TEXT), new Type(RECRUITMENT, TEXT),
            new Type(ACTIVE, BOOLEAN));

    private IdbenchSchema() {
    }

    /** The schema in slapd.conf's {@code include} format. */
    public static String slapdSchema() {
        StringBuilder s = new StringBuilder("# idbench's identity profile: the attributes inetOrgPerson lacks\n");
        for (int i = 0; i < TYPES.size(); i++) {
            Type t = TYPES.get(i);
            s.append("attributetype ( ").append(OID).append(".1.").append(i + 1).append(" NAME '").append(t.name())
                    .append("' ").append(t.matching()).append(" SINGLE-VALUE )\n");
        }
        s.append("objectclass ( ").append(OID).append(".2.1 NAME '").append(OBJECT_CLASS)
                .append("' DESC 'idbench identity profile' SUP top AUXILIARY MAY ( ");
        s.append(String.join(" $ ", TYPES.stream().map(Type::name).toList())).append(" ) )\n");
        return s.toString();
    }
}
