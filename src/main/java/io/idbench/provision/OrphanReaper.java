package io.idbench.provision;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;

/**
 * Stops a server this JVM started when the JVM dies without stopping it (SIGKILL, the OOM killer):
 * PostgreSQL daemonizes and the engine outlives its parent, so without this they keep running
 * with their data directories. A small shell, child of this JVM, waits for the JVM's end (it
 * checks once a second) and then signals the server and its direct children. After a normal stop
 * it finds the server gone and exits.
 */
public final class OrphanReaper {
    /** PostgreSQL's postmaster: immediate shutdown, which also ends every backend. */
    public static final String POSTGRES_SIGNAL = "QUIT";
    /** A JVM-based engine: nothing to flush that a restart would need. */
    public static final String ENGINE_SIGNAL = "KILL";

    private static final String SCRIPT = """
            owner=$1; pid=$2; sig=$3
            while kill -0 "$owner" 2>/dev/null; do sleep 1; done
            kill -0 "$pid" 2>/dev/null || exit 0
            pkill -"$sig" -P "$pid" 2>/dev/null
            kill -"$sig" "$pid" 2>/dev/null
            """;

    private OrphanReaper() {
    }

    /** Watches this JVM on behalf of the process {@code pid}; false when no shell could be started. */
    public static boolean watch(long pid, String signal) {
        ProcessBuilder pb = new ProcessBuilder(List.of("sh", "-c", SCRIPT, "idbench-reaper",
                String.valueOf(ProcessHandle.current().pid()), String.valueOf(pid), signal))
                // Not the JVM's pipes: whoever reads this JVM's output must see its end when it ends.
                .redirectInput(Redirect.from(new java.io.File("/dev/null"))).redirectOutput(Redirect.DISCARD)
                .redirectError(Redirect.DISCARD);
        try {
            pb.start();
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
