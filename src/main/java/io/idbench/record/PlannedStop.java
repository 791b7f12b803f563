package io.idbench.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A service stopped on purpose while its run goes on (a comparison's next fork starts both sides again): a marker beside the
 * run's record, named by the process, that tells the service's shutdown not to record the run as interrupted.
 */
public final class PlannedStop {
    private PlannedStop() {
    }

    /** Marks the stop of {@code pid} as planned, before it is asked to stop. */
    public static void mark(Path recordDir, long pid) {
        try {
            Files.writeString(marker(recordDir, pid), "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether this process was asked to stop on purpose. */
    public static boolean planned(Path recordDir, long pid) {
        return Files.exists(marker(recordDir, pid));
    }

    /** Removes the marker once the process has stopped. */
    public static void clear(Path recordDir, long pid) {
        try {
            Files.deleteIfExists(marker(recordDir, pid));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path marker(Path recordDir, long pid) {
        return recordDir.resolve(".planned-stop-" + pid);
    }
}
