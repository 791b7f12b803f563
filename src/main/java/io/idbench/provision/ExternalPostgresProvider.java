package io.idbench.provision;

import io.idbench.config.Provider;

/** A PostgreSQL server someone else runs (--db-url): nothing to start or stop. */
public final class ExternalPostgresProvider implements PostgresProvider {
    private final String url;
    private final String user;
    private final String password;
    private final String why;

    public ExternalPostgresProvider(String url, String user, String password, String why) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.why = why;
    }

    @Override
    public String jdbcUrl() { return url; }

    @Override
    public String user() { return user; }

    @Override
    public String password() { return password; }

    @Override
    public Provider provider() {
        return Provider.EXTERNAL;
    }

    @Override
    public String description() {
        return "PostgreSQL: external at " + url + " (" + why + ")";
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
