package io.idbench.provision;

import io.idbench.config.Provider;
import java.util.OptionalLong;

/**
 * A server the run uses (PostgreSQL or a search engine), from whichever provider: what every run
 * records about it. Closing it stops whatever the provider started, child processes included.
 */
public interface ProvidedServer extends AutoCloseable {

    /**
     * The process id, on this machine, of the server's root process when idbench can see it (a
     * container's init process; the embedded server is found from its children instead), for the
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
}
