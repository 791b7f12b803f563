package io.idbench.provision;

import io.idbench.config.ScenarioConfig;

/**
 * Where the PostgreSQL under test comes from. Closing a provider stops whatever it started,
 * server processes included.
 */
public interface PostgresProvider extends ProvidedServer {

    /** JDBC URL of the database the service uses. */
    String jdbcUrl();

    String user();

    String password();

    /**
     * Whether idbench started the server and may create, clone and drop databases on it (seeded
     * datasets are then kept as template databases); an external server's databases are not ours.
     */
    default boolean ownsServer() {
        return false;
    }

    /** The configured provider; {@code auto} is resolved by {@link ProviderChoice#choose}. */
    static PostgresProvider start(ScenarioConfig config) {
        ProviderChoice choice = ProviderChoice.choose(config.dbProvider(), config.dbUrl() != null, "--db-url");
        switch (choice.provider()) {
            case EXTERNAL:
                return new ExternalPostgresProvider(config.dbUrl(), config.dbUser(), config.dbPassword(), choice.why());
            case TESTCONTAINERS:
                return TestcontainersPostgresProvider.start(config, choice.why());
            default:
                return EmbeddedPostgresProvider.start(config, choice.why());
        }
    }
}
