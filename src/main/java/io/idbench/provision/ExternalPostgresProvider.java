package io.idbench.provision;

import io.idbench.config.Provider;

/**
 * A PostgreSQL server someone else runs (--db-url): nothing to start or stop.
 *
 * @param why why this provider was chosen, for the console
 */
public record ExternalPostgresProvider(String jdbcUrl, String user, String password, String why) implements PostgresProvider {

    @Override
    public Provider provider() {
        return Provider.EXTERNAL;
    }

    @Override
    public String description() {
        return "PostgreSQL: external at " + jdbcUrl + " (" + why + ")";
    }

    /** The description: a record's own toString would print the password. */
    @Override
    public String toString() {
        return description();
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
