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
        return this == OPENLDAP;
    }

    @Override
    public String toString() {
        return id();
    }

    public static TargetKind parse(String text) {
        return Choice.parseInOrder(TargetKind.class, "target", text);
    }
}
