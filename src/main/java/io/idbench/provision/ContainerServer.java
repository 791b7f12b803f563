package io.idbench.provision;

import io.idbench.config.Provider;
import java.util.OptionalLong;
import org.testcontainers.containers.GenericContainer;

/** A server in a container started through Testcontainers: its host process, provider and stop come from the container. */
interface ContainerServer extends ProvidedServer {

    /** The started container. */
    GenericContainer<?> container();

    @Override
    default OptionalLong hostPid() {
        return ContainerEngine.hostPid(container());
    }

    @Override
    default Provider provider() {
        return Provider.TESTCONTAINERS;
    }

    @Override
    default void close() {
        container().stop();
    }
}
