package io.idbench.support;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The embedded PostgreSQL a run started, found by its port: pg_ctl detaches the postmaster, so it
 * is not a descendant of the process that started it and must be looked up to prove it stopped.
 */
public final class Postmasters {
    /** The line serve prints once PostgreSQL is up. */
    private static final Pattern EMBEDDED = Pattern.compile("PostgreSQL: embedded .* on 127\\.0\\.0\\.1:(\\d+) ");

    private Postmasters() {
    }

    /** The port of the embedded PostgreSQL named in a run's output. */
    public static String port(List<String> output) {
        return output.stream().map(EMBEDDED::matcher).filter(Matcher::find).map(m -> m.group(1)).findFirst()
                .orElseThrow(() -> new AssertionError("no embedded PostgreSQL line in " + output));
    }

    /** A postmaster started by zonky runs as {@code postgres -D <dir> -p <port> …}. */
    public static boolean runningOn(String port) {
        return on(port).isPresent();
    }

    /** The postmaster listening on {@code port}, if one runs. */
    public static Optional<ProcessHandle> on(String port) {
        return withArgument("-p", port);
    }

    /** The postmaster serving the data directory {@code dir}, if one runs (whether or not its port was ever printed). */
    public static Optional<ProcessHandle> onDataDirectory(Path dir) {
        return withArgument("-D", dir.toString());
    }

    private static Optional<ProcessHandle> withArgument(String option, String value) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive).filter(p -> {
            String[] args = p.info().arguments().orElse(new String[0]);
            String cmd = p.info().command().orElse("");
            for (int i = 0; i + 1 < args.length; i++) {
                if (cmd.endsWith("/postgres") && args[i].equals(option) && args[i + 1].equals(value)) {
                    return true;
                }
            }
            return false;
        }).findFirst();
    }
}
