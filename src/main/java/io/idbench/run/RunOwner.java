package io.idbench.run;

import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which build runs a run: its pid and start, in {@link #FILE} beside the record from the moment the record is opened. A
 * build killed outright (SIGKILL, the machine's power) takes with it what would mark its record interrupted, and leaves
 * it {@code running} or {@code measured} for ever; the next build finds the records whose build is gone and marks them
 * interrupted, saying so.
 */
final class RunOwner {
    static final String FILE = ".build";

    private RunOwner() {
    }

    /** {@code build} runs the run recorded in {@code recordDir}. */
    static void claim(Path recordDir, ProcessHandle build) {
        String start = build.info().startInstant().map(Instant::toString).orElse("");
        try {
            Files.writeString(recordDir.resolve(FILE), build.pid() + " " + start + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + recordDir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }

    /**
     * The pid of the build that ran the run, when it is gone: no such process, or another one that has the pid since (its
     * start differs); empty while it runs, or when nothing says who ran it.
     */
    static Optional<Long> gone(Path recordDir) {
        String[] owner;
        try {
            owner = Files.readString(recordDir.resolve(FILE)).strip().split(" ");
        } catch (IOException e) {
            return Optional.empty();
        }
        long pid;
        try {
            pid = Long.parseLong(owner[0]);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        boolean same = process.isPresent() && (owner.length < 2 || process.get().info().startInstant().map(Instant::toString)
                .map(owner[1]::equals).orElse(true));
        return same ? Optional.empty() : Optional.of(pid);
    }

    /**
     * Marks interrupted every record under {@code results} (its {@code <scenario>/<run-id>} directories) that a build that is
     * gone left running or measured; says each one on {@code out}.
     *
     * @return the run directories marked
     */
    static List<Path> sweep(Path results, PrintStream out) {
        List<Path> marked = new ArrayList<>();
        if (!Files.isDirectory(results)) {
            return marked;
        }
        try (Stream<Path> runs = Files.find(results, 2, (p, a) -> a.isDirectory() && Files.isRegularFile(p.resolve(FILE)))) {
            for (Path dir : runs.sorted().toList()) {
                RunStatus status = status(dir);
                Optional<Long> gone = gone(dir);
                if ((status == RunStatus.RUNNING || status == RunStatus.MEASURED) && gone.isPresent()) {
                    RecordFile.setStatus(dir, RunStatus.INTERRUPTED, "the build that ran it (pid " + gone.get() + ") ended before it"
                            + " recorded the run" + (status == RunStatus.MEASURED ? " (it had measured it)" : "")
                            + ": killed, or the machine stopped");
                    out.println("[idbench] " + results.relativize(dir) + " was left " + status.word() + " by a build that is gone:"
                            + " recorded as interrupted");
                    marked.add(dir);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot look through " + results + ": " + e.getMessage(), e);
        }
        return marked;
    }

    private static RunStatus status(Path dir) {
        try {
            RunRecord r = RecordFile.read(dir);
            return r.status();
        } catch (RuntimeException e) {
            return null; // not a record this build reads: left alone
        }
    }
}
