package io.idbench.provision;

/** A PostgreSQL server someone else runs (--db-url): nothing to start or stop. */
public final class ExternalPostgresProvider implements PostgresProvider {
    private final String url;
    private final String user;
    private final String password;

    public ExternalPostgresProvider(String url, String user, String password) {
        this.url = url;
        this.user = user;
        this.password = password;
    }

    @Override
    public String jdbcUrl() { return url; }

    @Override
    public String user() { return user; }

    @Override
    public String password() { return password; }

    @Override
    public String description() {
        return "PostgreSQL: external at " + url + " (--db-url given)";
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
