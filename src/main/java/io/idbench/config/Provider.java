package io.idbench.config;

/** Where a server (PostgreSQL, the search engine) comes from. */
public enum Provider implements Choice {
    /** Testcontainers when a container engine answers, else embedded (external when a URL is given). */
    AUTO,
    /** A child process from binaries on Maven Central. */
    EMBEDDED,
    /** A container started through a Docker-compatible engine. */
    TESTCONTAINERS,
    /** A server someone else runs, reached through a URL. */
    EXTERNAL;

    @Override
    public String toString() {
        return id();
    }

    /** @param what "db provider" or "search provider", for the message naming the choices */
    public static Provider parse(String what, String text) {
        return Choice.parse(Provider.class, what, text);
    }
}
