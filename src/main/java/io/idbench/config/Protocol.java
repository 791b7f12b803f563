package io.idbench.config;

/** What the plans speak to a target: SCIM 2.0 over HTTP (idbench's service, Keycloak, any SCIM server) or LDAP (a directory). */
public enum Protocol {
    SCIM("SCIM over HTTP"),
    LDAP("LDAP");

    private final String words;

    Protocol(String words) {
        this.words = words;
    }

    /** The plan's file in jmeter/ in this protocol: {@code <plan>.jmx}, or its LDAP twin {@code ldap-<plan>.jmx}. */
    public String planFile(Plan plan) {
        return (this == LDAP ? "ldap-" : "") + plan.id() + ".jmx";
    }

    /** The protocol as a sentence names it: "SCIM over HTTP", "LDAP". */
    public String words() {
        return words;
    }

    /** Whether requests carry JSON over HTTP with a bearer token: what a figure over LDAP leaves out. */
    public boolean http() {
        return this == SCIM;
    }
}
