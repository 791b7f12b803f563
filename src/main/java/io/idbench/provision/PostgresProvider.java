package io.idbench.provision;

import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import java.util.OptionalLong;

/**
 * Where the PostgreSQL under test comes from. Closing a provider stops whatever it started,
 * server processes included.
 */
public interface PostgresProvider extends AutoCloseable {

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

    /**
     * The process id, on this machine, of the server's root process when idbench can see it (a
     * container's init process; the embedded server is found from its backends instead), for the
     * run's CPU accounting; empty otherwise (an external server).
     */
    default OptionalLong hostPid() {
        return OptionalLong.empty();
    }

    /** Which provider this is ({@code auto} resolved): recorded with every run. */
    Provider provider();

    /** One line for the console: which provider, and why. */
    String description();

    @Override
    void close();

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
