package io.idbench.provision;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

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

    /**
     * While PostgreSQL starts on a kept directory, its postmaster's pid is not known yet, and pg_ctl, a child of this JVM,
     * brings it up detached: a JVM killed then left it running. This shell, armed by a marker file beside the directory,
     * waits for the JVM's end; if the marker is still there, it waits for that directory's pg_ctl to finish, then for the
     * postmaster named in postmaster.pid (pg_ctl may end first: its output's reader, the JVM, is gone), and stops it.
     * Disarmed (the marker deleted) once the postmaster has its own reaper, or by the next start on the directory, which
     * holds its lock: the postmaster that start brings up is not this shell's to stop. ("[p]g_ctl": the pattern must not
     * match this shell's own command line, which holds the script and the directory.)
     */
    private static final String START_SCRIPT = """
            owner=$1; dir=$2; marker=$3
            while kill -0 "$owner" 2>/dev/null; do sleep 1; done
            [ -e "$marker" ] || exit 0
            while pgrep -f -- "[p]g_ctl.*$dir" >/dev/null 2>&1; do sleep 0.2; done
            tries=0; pid=
            while [ -e "$marker" ] && [ "$tries" -lt 50 ]; do
              pid=$(head -n 1 "$dir/postmaster.pid" 2>/dev/null)
              [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && break
              pid=; tries=$((tries + 1)); sleep 0.2
            done
            [ -e "$marker" ] && [ -n "$pid" ] || { rm -f "$marker"; exit 0; }
            rm -f "$marker"
            pkill -QUIT -P "$pid" 2>/dev/null
            kill -QUIT "$pid" 2>/dev/null
            """;

    private OrphanReaper() {
    }

    /** A start being watched: {@link #close()} disarms it once the server has a reaper of its own, or failed to start. */
    public static final class Start implements AutoCloseable {
        private final Path marker;

        private Start(Path marker) {
            this.marker = marker;
        }

        @Override
        public void close() {
            try {
                Files.deleteIfExists(marker);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot disarm " + marker + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Watches this JVM while it starts PostgreSQL on {@code dataDir} (see {@link #START_SCRIPT}); the caller holds the
     * directory's lock. The reapers of earlier starts whose JVMs are gone are disarmed first.
     */
    public static Start watchStart(Path dataDir) {
        String prefix = dataDir.getFileName() + ".starting-";
        Path marker = dataDir.resolveSibling(prefix + ProcessHandle.current().pid());
        try {
            Files.createDirectories(marker.getParent());
            try (Stream<Path> markers = Files.list(marker.getParent())) {
                for (Path other : markers.filter(f -> f.getFileName().toString().startsWith(prefix)).toList()) {
                    String owner = other.getFileName().toString().substring(prefix.length());
                    if (owner.matches("\\d+") && ProcessHandle.of(Long.parseLong(owner)).map(ProcessHandle::isAlive).orElse(false)) {
                        continue;
                    }
                    Files.deleteIfExists(other);
                }
            }
            Files.writeString(marker, "");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + marker + ": " + e.getMessage(), e);
        }
        start(START_SCRIPT, String.valueOf(ProcessHandle.current().pid()), dataDir.toString(), marker.toString());
        return new Start(marker);
    }

    /** Watches this JVM on behalf of the process {@code pid}; false when no shell could be started. */
    public static boolean watch(long pid, String signal) {
        return start(SCRIPT, String.valueOf(ProcessHandle.current().pid()), String.valueOf(pid), signal);
    }

    private static boolean start(String script, String... args) {
        List<String> command = new ArrayList<>(List.of("sh", "-c", script, "idbench-reaper"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command)
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
