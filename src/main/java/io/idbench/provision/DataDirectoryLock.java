package io.idbench.provision;

import io.idbench.common.ProcessLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * One run at a time on a kept data directory: a second build (another executor, a person running a scenario beside the
 * nightly job) waits its turn, saying for whom, instead of failing or sharing the PostgreSQL. The lock is {@code <dir>.lock}
 * beside the directory ({@link ProcessLock}: it ends with its process, a SIGKILL too).
 */
public final class DataDirectoryLock {
    private DataDirectoryLock() {
    }

    /** The lock file of {@code dataDir}. */
    public static Path file(Path dataDir) {
        return dataDir.resolveSibling(dataDir.getFileName() + ".lock");
    }

    /**
     * Takes the directory's lock, waiting up to {@code wait} for the run that holds it, and saying so on {@code log}.
     *
     * @throws IllegalStateException when it is still held after {@code wait}, or held by this process
     */
    public static ProcessLock acquire(Path dataDir, Duration wait, Consumer<String> log) {
        boolean[] waited = {false};
        try {
            ProcessLock lock = ProcessLock.acquire(file(dataDir), wait, holder -> {
                waited[0] = true;
                log.accept("The data directory " + dataDir + " is in use by another idbench run (" + holder + "): waiting up to "
                        + wait.toSeconds() + " s for it to end");
            });
            if (waited[0]) {
                log.accept("The data directory " + dataDir + " is free: going on");
            }
            return lock;
        } catch (ProcessLock.Busy e) {
            throw new IllegalStateException("The PostgreSQL data directory " + dataDir + " is still in use by another idbench run ("
                    + e.holder() + ") after " + wait.toSeconds() + " s; wait longer (-Dpg.dataDirWait, --pg-data-dir-wait), or give"
                    + " another --pg-data-dir", e);
        } catch (OverlappingFileLockException e) {
            throw new IllegalStateException("The PostgreSQL data directory " + dataDir + " is in use by this process already;"
                    + " give --pg-data-dir=<another directory> (or none)", e);
        }
    }
}
