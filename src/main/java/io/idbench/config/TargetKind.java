package io.idbench.config;

/** What a run provisions and measures: idbench's own SCIM service, a real identity product, or an LDAP directory. */
public enum TargetKind implements Choice {
    IDBENCH, KEYCLOAK, OPENLDAP;

    /** The product's name as runs print it. */
    public String productName() {
        return switch (this) {
            case IDBENCH -> "idbench";
            case KEYCLOAK -> "Keycloak";
            case OPENLDAP -> "OpenLDAP";
        };
    }

    /** Whether the plans speak LDAP to it, not SCIM over HTTP. */
    public boolean ldap() {
        return protocol() == Protocol.LDAP;
    }

    /** What must be installed once before a run can provision it (Debian's slapd), or null: nothing beyond Maven Central. */
    public String setupScript() {
        return this == OPENLDAP ? "scripts/install-openldap.sh" : null;
    }

    /** What the plans speak to it. */
    public Protocol protocol() {
        return this == OPENLDAP ? Protocol.LDAP : Protocol.SCIM;
    }

    @Override
    public String toString() {
        return id();
    }

    public static TargetKind parse(String text) {
        return Choice.parseInOrder(TargetKind.class, "target", text);
    }
}
