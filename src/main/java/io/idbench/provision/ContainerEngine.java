package io.idbench.provision;

import java.util.OptionalLong;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

/**
 * Whether a Docker-compatible container engine answers (Docker, or podman's Docker API through
 * DOCKER_HOST). Asked once per JVM: without an engine the probe fails in a fraction of a second.
 */
public final class ContainerEngine {
    private static volatile Availability cached;

    private ContainerEngine() {
    }

    /** The answer and the reason, for the "which provider and why" line. */
    public record Availability(boolean available, String reason) {
    }

    public static Availability probe() {
        Availability a = cached;
        if (a == null) {
            synchronized (ContainerEngine.class) {
                if (cached == null) {
                    cached = ask();
                }
                a = cached;
            }
        }
        return a;
    }

    /** A started container's init process as the host sees it (Docker's and podman's State.Pid): the server and its children. */
    static OptionalLong hostPid(GenericContainer<?> container) {
        var info = container.getContainerInfo();
        Long pid = info == null ? null : info.getState().getPidLong();
        return pid == null || pid <= 0 ? OptionalLong.empty() : OptionalLong.of(pid);
    }

    private static Availability ask() {
        String where = System.getenv("DOCKER_HOST") != null ? "DOCKER_HOST=" + System.getenv("DOCKER_HOST")
                : "the default Docker socket";
        try {
            if (DockerClientFactory.instance().isDockerAvailable()) {
                return new Availability(true, "a container engine answered at " + where);
            }
        } catch (RuntimeException | LinkageError e) {
            return new Availability(false, "no container engine answered at " + where + " (" + e.getMessage() + ")");
        }
        return new Availability(false, "no container engine answered at " + where);
    }
}
