package io.idbench.provision;

import io.idbench.common.ProcessLock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL data directory kept across runs. A run that was killed (SIGKILL, a crash) cannot
 * stop its server, which then keeps running on the directory and blocks the next start: such a
 * server is stopped first, but only when no live idbench holds the directory's lock.
 */
final class KeptDataDirectory {
    /** The lock file zonky holds while an embedded server runs on the directory. */
    static final String LOCK = "epg-lock";
    private static final Duration STOP_WAIT = Duration.ofSeconds(60);
    private static final Logger LOG = LoggerFactory.getLogger(KeptDataDirectory.class);

    private KeptDataDirectory() {
    }

    static void prepare(Path dir) throws IOException {
        Files.createDirectories(dir);
        awaitServerLock(dir);
        Path pidFile = dir.resolve("postmaster.pid");
        if (!Files.exists(pidFile) || heldByLiveRun(dir)) {
            return; // nothing left behind, or a live run owns it (zonky then reports the lock)
        }
        Optional<ProcessHandle> orphan = postmaster(pidFile);
        if (orphan.isEmpty()) {
            return; // a stale pid file: PostgreSQL removes it itself
        }
        ProcessHandle pg = orphan.get();
        LOG.warn("Stopping PostgreSQL (pid {}) left running on {} by a run that was killed", pg.pid(), dir);
        try {
            // SIGINT: PostgreSQL's fast shutdown (SIGTERM would wait for sessions of the dead run).
            new ProcessBuilder("kill", "-INT", Long.toString(pg.pid())).inheritIO().start().waitFor();
            pg.onExit().get(STOP_WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while stopping a PostgreSQL left on " + dir, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("PostgreSQL (pid " + pg.pid() + ") left running on " + dir
                    + " did not stop within " + STOP_WAIT.toSeconds() + " s; stop it, then run again", e);
        }
    }

    /**
     * The port of the PostgreSQL a live run serves from {@code dir} (postmaster.pid's fourth line), if one does: other
     * idbench commands then work through that server instead of starting their own on the directory.
     */
    static Optional<Integer> livePort(Path dir) throws IOException {
        Path pidFile = dir.resolve("postmaster.pid");
        if (!Files.exists(pidFile) || !heldByLiveRun(dir) || postmaster(pidFile).isEmpty()) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(pidFile);
        try {
            return lines.size() < 4 ? Optional.empty() : Optional.of(Integer.parseInt(lines.get(3).trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * The run before this one (whose turn the data directory's lock gave way to) may still be releasing zonky's own lock:
     * its JVM stops the server from a shutdown hook of zonky's, beside idbench's. Waits for that, then lets it go for this
     * run's server to take.
     */
    private static void awaitServerLock(Path dir) {
        if (!Files.exists(dir.resolve("PG_VERSION"))) {
            return; // never initialised, so never served (and initdb wants it empty)
        }
        try (ProcessLock free = ProcessLock.acquire(dir.resolve(LOCK), STOP_WAIT, holder -> LOG.info(
                "Waiting for the run before to release {}", dir))) {
            LOG.debug("{} is free", dir);
        } catch (OverlappingFileLockException e) {
            // This process runs a server on it: zonky reports that in its own words.
        } catch (ProcessLock.Busy e) {
            throw new IllegalStateException("The PostgreSQL data directory " + dir + " is still held by a server after "
                    + STOP_WAIT.toSeconds() + " s (" + e.holder() + ")", e);
        }
    }

    private static boolean heldByLiveRun(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = ch.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true; // this JVM runs a server on it
        }
    }

    /** The live postgres process named on the pid file's first line, if it is one. */
    private static Optional<ProcessHandle> postmaster(Path pidFile) {
        try {
            List<String> lines = Files.readAllLines(pidFile);
            if (lines.isEmpty()) {
                return Optional.empty();
            }
            return ProcessHandle.of(Long.parseLong(lines.get(0).trim()))
                    .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
