package io.idbench.provision;

import java.util.Locale;

/** Where a service (PostgreSQL, the search engine) comes from. */
public enum Provider {
    /** Testcontainers when a container engine answers, else embedded (external when a URL is given). */
    AUTO,
    /** A child process from binaries on Maven Central. */
    EMBEDDED,
    /** A container started through a Docker-compatible engine. */
    TESTCONTAINERS,
    /** A server someone else runs, reached through a URL. */
    EXTERNAL;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Provider of(String text) {
        return valueOf(text.toUpperCase(Locale.ROOT));
    }

    /** What {@code auto} means on this machine, and why. */
    public record Choice(Provider provider, String why) {
    }

    /** Resolves {@code auto}; the other providers stand as chosen. */
    public static Choice choose(Provider configured, boolean urlGiven, String urlOption) {
        if (configured != AUTO) {
            return new Choice(configured, "chosen explicitly");
        }
        if (urlGiven) {
            return new Choice(EXTERNAL, "auto: " + urlOption + " given");
        }
        ContainerEngine.Availability engine = ContainerEngine.probe();
        return engine.available() ? new Choice(TESTCONTAINERS, "auto: " + engine.reason())
                : new Choice(EMBEDDED, "auto: " + engine.reason());
    }
}
