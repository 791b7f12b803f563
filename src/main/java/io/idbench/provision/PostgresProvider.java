package io.idbench.provision;

import io.idbench.config.ScenarioConfig;

/**
 * Where the PostgreSQL under test comes from. Closing a provider stops whatever it started,
 * server processes included.
 */
public interface PostgresProvider extends AutoCloseable {

    /** JDBC URL of the database the service uses. */
    String jdbcUrl();

    String user();

    String password();

    /** One line for the console: which provider, and why. */
    String description();

    @Override
    void close();

    /** The configured provider; {@code auto} is resolved by {@link Provider#choose}. */
    static PostgresProvider start(ScenarioConfig config) {
        Provider.Choice choice = Provider.choose(Provider.of(config.dbProvider()), config.dbUrl() != null, "--db-url");
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
