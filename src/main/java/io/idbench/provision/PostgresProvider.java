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

    /** Embedded by default; external when a URL is configured. */
    static PostgresProvider start(ScenarioConfig config) {
        return config.embeddedDatabase() ? EmbeddedPostgresProvider.start(config)
                : new ExternalPostgresProvider(config.dbUrl(), config.dbUser(), config.dbPassword());
    }
}
