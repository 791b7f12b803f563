package io.idbench.targets;

import io.idbench.config.ConfigException;
import java.nio.file.Path;

/**
 * How idbench provisions Keycloak as a benchmark target, validated once: where its distribution
 * is, its heap, the realm and the confidential client the plans use.
 *
 * @param home the unpacked distribution (keycloak-&lt;version&gt;)
 * @param workRoot where each start gets its own directory (console log, H2 files)
 * @param heap Keycloak's JVM heap, fixed (-Xms = -Xmx), like the idbench service's
 * @param database {@link #DB_POSTGRES} (idbench's own PostgreSQL, a database of its own) or {@link #DB_H2}
 */
public record KeycloakSetup(Path home, Path workRoot, String heap, String database, String realm, String clientId) {
    /** The distribution the build unpacks (org.keycloak:keycloak-quarkus-dist, Maven Central): the POM's keycloak.version. */
    public static final String VERSION = KeycloakVersion.VERSION;
    public static final String DB_POSTGRES = "postgres";
    public static final String DB_H2 = "h2";
    public static final String DEFAULT_HEAP = "1g";
    /** Each start gets a directory below this one, removed when it stops. */
    public static final String DEFAULT_WORK_ROOT = "target/keycloak";
    public static final String DEFAULT_REALM = "idbench";
    public static final String DEFAULT_CLIENT_ID = "idbench-bench";
    /** The bootstrap administrator of realm master; its password is random per start. */
    public static final String ADMIN_USER = "admin";

    public KeycloakSetup {
        if (!heap.matches("\\d+[mg]")) {
            throw new ConfigException("keycloak heap must look like 512m or 2g, was '" + heap + "'");
        }
        if (!database.equals(DB_POSTGRES) && !database.equals(DB_H2)) {
            throw new ConfigException("keycloak database must be " + DB_POSTGRES + " or " + DB_H2 + ", was '" + database + "'");
        }
        if (!realm.matches("[a-z][a-z0-9-]{0,62}")) {
            throw new ConfigException("realm must be lower-case letters, digits or '-', starting with a letter, was '" + realm + "'");
        }
        if (!clientId.matches("[A-Za-z][A-Za-z0-9._-]{0,62}")) {
            throw new ConfigException("client id must be letters, digits, '.', '-' or '_', starting with a letter, was '" + clientId + "'");
        }
    }

    /** The SCIM base URL of the realm on a server at {@code root} (http://127.0.0.1:port). */
    public String scimUrl(String root) {
        return root + "/realms/" + realm + "/scim/v2";
    }

    /** The realm's OAuth 2.0 token endpoint. */
    public String tokenUrl(String root) {
        return root + "/realms/" + realm + "/protocol/openid-connect/token";
    }
}
