package io.idbench.targets;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Where Keycloak keeps its data: its command-line options for it. */
public interface KeycloakDatabase {

    /** Keycloak's options for this database; {@code work} is the start's own directory. */
    List<String> options(Path work);

    /** One line for the record: which database, and where. */
    String description();

    /** How to reach it over JDBC (its statement statistics), or none (H2). */
    default Optional<Jdbc> jdbc() {
        return Optional.empty();
    }

    /** A PostgreSQL database's JDBC URL and credentials. */
    record Jdbc(String url, String user, String password) {
    }

    /** A PostgreSQL database (Keycloak's own schema, created by it on the first start). */
    static KeycloakDatabase postgres(String jdbcUrl, String user, String password, String server) {
        return new KeycloakDatabase() {
            @Override
            public List<String> options(Path work) {
                return List.of("--db=postgres", "--db-url=" + jdbcUrl, "--db-username=" + user, "--db-password=" + password);
            }

            @Override
            public String description() {
                return "PostgreSQL (" + server + ")";
            }

            @Override
            public Optional<Jdbc> jdbc() {
                return Optional.of(new Jdbc(jdbcUrl, user, password));
            }
        };
    }

    /**
     * H2 in a file of the start's directory, thrown away with it. Keycloak's own dev-file URL adds
     * AUTO_SERVER, which opens a TCP port for other processes: nothing else opens this file.
     */
    static KeycloakDatabase h2() {
        return new KeycloakDatabase() {
            @Override
            public List<String> options(Path work) {
                return List.of("--db=dev-file", "--db-url=jdbc:h2:file:" + work.toAbsolutePath().resolve("h2").resolve("keycloakdb")
                        + ";NON_KEYWORDS=VALUE");
            }

            @Override
            public String description() {
                return "H2 (a file, thrown away when Keycloak stops)";
            }
        };
    }
}
