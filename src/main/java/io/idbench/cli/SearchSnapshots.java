package io.idbench.cli;

import io.idbench.common.FileTrees;
import io.idbench.common.ProcessLock;
import io.idbench.config.ByteSize;
import io.idbench.provision.DataDirectoryLock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The search engine's snapshots of the datasets' indexes, a repository beside the kept data directory (serve's default for
 * it): a cache a run with an engine restores from, listed and removed.
 */
final class SearchSnapshots {
    private SearchSnapshots() {
    }

    /** The snapshot repository beside a kept data directory. */
    static Path of(Path dataDir) {
        return dataDir.resolveSibling(dataDir.getFileName() + "-search-snapshots");
    }

    /** One line when there are snapshots. */
    static void list(Path dataDir, PrintWriter out) throws IOException {
        Path snapshots = of(dataDir);
        if (Files.isDirectory(snapshots)) {
            out.printf("Search-engine snapshots of these datasets' indexes beside them: %s in %s (datasets prune --snapshots)%n",
                    ByteSize.format(FileTrees.size(snapshots)), snapshots);
        }
    }

    /** Removes the snapshot repository, unless a run holds the data directory: its engine may be restoring from it. */
    static int prune(Path dataDir, boolean dryRun, PrintWriter out) throws IOException {
        Path repository = of(dataDir);
        try (ProcessLock free = ProcessLock.acquire(DataDirectoryLock.file(dataDir), Duration.ZERO, holder -> {})) {
            return remove(repository, dryRun, out);
        } catch (ProcessLock.Busy e) {
            return keep(dataDir, e.holder(), out);
        } catch (OverlappingFileLockException e) {
            return keep(dataDir, "pid " + ProcessHandle.current().pid() + ", this process", out);
        }
    }

    private static int keep(Path dataDir, String holder, PrintWriter out) {
        out.println("The search-engine snapshots stay: a run is using " + dataDir + " (" + holder + "); prune them when it has"
                + " ended");
        out.flush();
        return 0;
    }

    private static int remove(Path repository, boolean dryRun, PrintWriter out) throws IOException {
        if (!Files.isDirectory(repository)) {
            out.println("No search-engine snapshots in " + repository);
        } else if (dryRun) {
            out.println("Would remove the search-engine snapshots: " + ByteSize.format(FileTrees.size(repository)) + " in "
                    + repository + " (--dry-run: nothing removed)");
        } else {
            long bytes = FileTrees.size(repository);
            FileTrees.delete(repository);
            out.println("Removed the search-engine snapshots: " + ByteSize.format(bytes) + " in " + repository);
        }
        out.flush();
        return 0;
    }
}
