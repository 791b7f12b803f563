package io.idbench.config;

/**
 * What a run provisions and measures: idbench's own SCIM service, a real identity product, or an LDAP directory. Its traits
 * are exhaustive switches here; what a run does with it is {@code run/RunTargets}' one switch (docs/adding-a-target.md).
 */
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

    /** What the plans speak to it. */
    public Protocol protocol() {
        return switch (this) {
            case IDBENCH, KEYCLOAK -> Protocol.SCIM;
            case OPENLDAP -> Protocol.LDAP;
        };
    }

    /** What must be installed once before a run can provision it (Debian's slapd), or null: nothing beyond Maven Central. */
    public String setupScript() {
        return switch (this) {
            case IDBENCH, KEYCLOAK -> null;
            case OPENLDAP -> "scripts/install-openldap.sh";
        };
    }

    /** Whether it is idbench's own service, the one whose storage, search and settings the scenarios vary; else a product. */
    public boolean ownService() {
        return this == IDBENCH;
    }

    /** The Maven profile that selects it ({@code -Ptarget-keycloak}), or null for the default target. */
    public String profile() {
        return ownService() ? null : "target-" + id();
    }

    @Override
    public String toString() {
        return id();
    }

    public static TargetKind parse(String text) {
        return Choice.parseInOrder(TargetKind.class, "target", text);
    }
}
