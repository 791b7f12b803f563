package io.idbench.provision;

import java.util.Optional;

/**
 * Stops the service when a server it started dies under it (the embedded PostgreSQL or engine
 * killed, or crashed): every request would fail from then on, and a benchmark measured against a
 * half-dead stack is worthless, so the service fails fast with one clear line instead of
 * answering errors forever. The run that started it sees it exit and fails.
 */
public final class DeathWatch {
    /** The exit status of a service whose server died. */
    public static final int SERVER_DIED = 4;

    private static volatile boolean stopping;
    private static volatile String death;

    private DeathWatch() {
    }

    /** Which server died, if one did: the reason a run record gives. */
    public static Optional<String> death() {
        return Optional.ofNullable(death);
    }

    /** From now on a server's end is expected: the orderly stop has begun. */
    public static void stopping() {
        stopping = true;
    }

    public static void failFastWhenGone(String what, long pid) {
        ProcessHandle.of(pid).ifPresent(h -> {
            // Nothing to observe: the future completes when the process has ended.
            var unused = h.onExit().thenRun(() -> {
                if (!stopping) {
                    death = what + " (pid " + pid + ") died under the service";
                    System.err.println("idbench: " + what + " (pid " + pid + ") has died; the service stops (exit "
                            + SERVER_DIED + ") rather than fail every request");
                    System.err.flush();
                    System.exit(SERVER_DIED);
                }
            });
        });
    }
}
