package io.idbench.targets;

/** The Keycloak distribution this build provisions: the POM's {@code keycloak.version}, filtered in at build time. */
final class KeycloakVersion {
    static final String VERSION = "${keycloak.version}";

    private KeycloakVersion() {
    }
}
