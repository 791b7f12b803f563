package io.idbench.config;

/** The interface an operation's requests use: SCIM, LDAP, Keycloak's own Admin REST API, an OAuth 2.0 token endpoint. */
public enum Api {
    SCIM,
    LDAP,
    KEYCLOAK_ADMIN,
    OAUTH_TOKEN,
    /** The plan's own code, no request to the target's interface under test (plan 5's audit). */
    PLAN
}
