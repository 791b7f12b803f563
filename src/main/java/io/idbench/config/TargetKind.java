package io.idbench.config;

/**
 * What a run provisions and measures: idbench's own SCIM service, a real identity product, or an LDAP directory. Each kind's
 * traits are its constructor's arguments; what a run does with it is {@code run/RunTargets}' one switch
 * (docs/adding-a-target.md).
 */
public enum TargetKind implements Choice {
    IDBENCH("idbench", Protocol.SCIM, null),
    KEYCLOAK("Keycloak", Protocol.SCIM, null),
    OPENLDAP("OpenLDAP", Protocol.LDAP, "scripts/install-openldap.sh");

    private final String productName;
    private final Protocol protocol;
    private final String setupScript;

    TargetKind(String productName, Protocol protocol, String setupScript) {
        this.productName = productName;
        this.protocol = protocol;
        this.setupScript = setupScript;
    }

    /** The product's name as runs print it. */
    public String productName() {
        return productName;
    }

    /** Whether it is idbench's own service, the one whose storage, search and settings the scenarios vary; else a product. */
    public boolean ownService() {
        return this == IDBENCH;
    }

    /** What must be installed once before a run can provision it (Debian's slapd), or null: nothing beyond Maven Central. */
    public String setupScript() {
        return setupScript;
    }

    /** What the plans speak to it. */
    public Protocol protocol() {
        return protocol;
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
