package io.idbench.provision;

import io.idbench.common.FileTrees;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A server idbench runs as a child process (a search engine, Keycloak): how it is stopped, with all it started. */
public final class ChildServers {
    private ChildServers() {
    }

    /**
     * SIGTERM to the process and every descendant, SIGKILL to whatever is left after {@code timeout}; then its work
     * directory is removed, unless {@code workDir} is null (a failed start keeps it, for its log).
     */
    public static void stop(Process process, Duration timeout, Path workDir) {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        }
        if (workDir != null) {
            try {
                FileTrees.delete(workDir);
            } catch (IOException ignored) {
                // best effort: it is under target/
            }
        }
    }
}
