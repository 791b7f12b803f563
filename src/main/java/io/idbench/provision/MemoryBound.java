package io.idbench.provision;

import dev.failsafe.Failsafe;
import dev.failsafe.RetryPolicy;
import io.idbench.config.ByteSize;
import io.idbench.config.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A bound on the memory a server's processes may use, the page cache of the files they read and write included: a memory
 * cgroup (v1's {@code memory.limit_in_bytes} or v2's {@code memory.max}), which charges a page of the page cache to the
 * group whose process brought it in and reclaims the group's own pages when it reaches its bound. shared_buffers alone
 * does not bound what a server caches: the kernel caches its files in whatever memory the machine has.
 *
 * <p>Processes are put in before the server reads or writes its data (the run's copy of a dataset is written by the server
 * itself, so its pages are charged to the group). {@link #usage()} says what the group used, measured: the bound held when
 * its peak stayed under it; {@code limitHits} counts the times it reclaimed at the bound, so the bound was what limited it.
 * Groups are made under {@code /sys/fs/cgroup} as {@code idbench-<what>-<pid>}; one a killed run left is removed by the
 * next.
 */
public final class MemoryBound implements AutoCloseable {
    /** cgroup v1's memory hierarchy; v2's unified one. */
    static final Path V1 = Path.of("/sys/fs/cgroup/memory");
    static final Path V2 = Path.of("/sys/fs/cgroup");
    private static final String PREFIX = "idbench-";
    /** How long closing waits for the processes a stopped server left in the group (its ending backends) to leave it. */
    static final Duration EMPTYING = Duration.ofSeconds(5);

    /**
     * What the group used: its bound, the most it held (since {@link #resetPeak}), its shared memory (shared_buffers) and
     * the page cache of its files now (shared memory is page cache to the kernel: counted apart), the file pages it read
     * again after the kernel had evicted them (since {@link #resetPeak}: what not fitting cost), and its reclaims at the
     * bound.
     */
    public record Usage(long boundBytes, long peakBytes, long sharedMemoryBytes, long pageCacheBytes, long refaultedBytes,
            long limitHits) {
        /**
         * The peak within the bound, give or take the kernel's charge batch: it charges pages to a group 64 at a time per
         * CPU, so a group at its bound shows a peak a page or so above it (measured: 4 KiB over 1 GiB).
         */
        public boolean held() {
            return peakBytes <= boundBytes + CHARGE_BATCH_BYTES * Runtime.getRuntime().availableProcessors();
        }
    }

    /** cgroup v1's and v2's charge batch: 64 pages of 4 KiB. */
    static final long CHARGE_BATCH_BYTES = 64 * 4096;
    private static final long PAGE = 4096;

    private final Path dir;
    private final boolean v2;
    private final long bytes;
    private long hitsBefore;
    private long refaultsBefore;

    private MemoryBound(Path dir, boolean v2, long bytes) {
        this.dir = dir;
        this.v2 = v2;
        this.bytes = bytes;
    }

    /**
     * A new group of at most {@code bytes} for {@code what} (a parameter's name, for the errors), refused in one line where
     * this process may not make one.
     */
    public static MemoryBound create(String what, String component, long bytes) {
        Path root;
        boolean v2;
        if (Files.isRegularFile(V1.resolve("memory.limit_in_bytes"))) {
            root = V1;
            v2 = false;
        } else if (controllers().contains("memory")) {
            root = V2;
            v2 = true;
        } else {
            throw new ConfigException(what + " bounds memory with a memory cgroup, and this machine offers none at " + V2
                    + " (Linux with cgroup v1's memory controller or v2's)");
        }
        removeLeftovers(root);
        long pid = ProcessHandle.current().pid();
        Path dir = root.resolve(PREFIX + component + "-" + pid);
        for (int n = 2; Files.exists(dir); n++) { // a second server of this process (its pid stays last: removeLeftovers)
            dir = root.resolve(PREFIX + component + n + "-" + pid);
        }
        try {
            if (v2) {
                write(root.resolve("cgroup.subtree_control"), "+memory");
            }
            Files.createDirectories(dir);
            write(dir.resolve(v2 ? "memory.max" : "memory.limit_in_bytes"), Long.toString(bytes));
            if (v2) {
                write(dir.resolve("memory.swap.max"), "0");
            }
        } catch (IOException e) {
            deleteQuietly(dir);
            throw new ConfigException(what + " bounds memory with a memory cgroup, and " + dir + " could not be made ("
                    + e.getMessage() + "): it needs root or a delegated cgroup");
        }
        return new MemoryBound(dir, v2, bytes);
    }

    /** Puts {@code pid} and every process it started in the group; the processes they start later are in it too. */
    public void add(long pid) {
        List<Long> pids = new ArrayList<>();
        ProcessHandle.of(pid).ifPresent(p -> {
            pids.add(p.pid());
            p.descendants().forEach(d -> pids.add(d.pid()));
        });
        for (long p : pids) {
            try {
                write(dir.resolve("cgroup.procs"), Long.toString(p));
            } catch (IOException e) {
                if (ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)) {
                    throw new UncheckedIOException("Cannot put process " + p + " in " + dir + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * A command's prefix that puts the process in the group before it runs the command ({@code sh} writes its own pid to
     * the group, then becomes the command): everything it touches from its first instruction on is charged to the group,
     * which {@link #add} cannot promise for memory a process touched before it was moved.
     */
    public List<String> enterCommand() {
        return List.of("sh", "-c", "echo $$ > \"$1\" && shift && exec \"$@\"", "sh", dir.resolve("cgroup.procs").toString());
    }

    /** Starts a new window for {@link Usage#peakBytes()} and {@link Usage#limitHits()}. */
    public void resetPeak() {
        try {
            if (!v2) {
                write(dir.resolve("memory.max_usage_in_bytes"), "0");
            } else if (Files.isWritable(dir.resolve("memory.peak"))) {
                write(dir.resolve("memory.peak"), "reset");
            }
            hitsBefore = hits();
            refaultsBefore = stat("workingset_refault_file");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot reset the peak of " + dir + ": " + e.getMessage(), e);
        }
    }

    public long bytes() {
        return bytes;
    }

    /** The group's directory under {@code /sys/fs/cgroup}. */
    Path dir() {
        return dir;
    }

    /** What the group used, as its files say now. */
    public Usage usage() {
        try {
            long peak = v2 ? number(Files.isRegularFile(dir.resolve("memory.peak")) ? "memory.peak" : "memory.current")
                    : number("memory.max_usage_in_bytes");
            return new Usage(bytes, peak, stat("shmem"), stat("active_file") + stat("inactive_file"),
                    PAGE * (stat("workingset_refault_file") - refaultsBefore), hits() - hitsBefore);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Moves what is still in the group back to its parent, and removes it: again while a process the server left (an ending
     * backend) still holds it, for at most {@link #EMPTYING}.
     */
    @Override
    public void close() {
        Failsafe.with(RetryPolicy.<Boolean>builder().handleResult(false).withDelay(Duration.ofMillis(50)).withMaxDuration(EMPTYING)
                .withMaxRetries(-1).build()).get(this::emptyAndRemove);
    }

    /** One try: whether the group is gone. */
    private boolean emptyAndRemove() {
        try {
            Path parentProcs = dir.getParent().resolve("cgroup.procs");
            for (String pid : Files.readAllLines(dir.resolve("cgroup.procs"))) {
                try {
                    write(parentProcs, pid.strip());
                } catch (IOException ended) {
                    // it ended meanwhile
                }
            }
        } catch (NoSuchFileException gone) {
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + dir + ": " + e.getMessage(), e);
        }
        deleteQuietly(dir);
        return !Files.exists(dir);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (memory cgroup %s)", ByteSize.format(bytes), dir);
    }

    private long hits() throws IOException {
        if (!v2) {
            return number("memory.failcnt");
        }
        try (Stream<String> lines = Files.lines(dir.resolve("memory.events"))) {
            return lines.filter(l -> l.startsWith("max ")).mapToLong(l -> Long.parseLong(l.substring(4).strip())).sum();
        }
    }

    private long number(String file) throws IOException {
        return Long.parseLong(Files.readString(dir.resolve(file)).strip());
    }

    private long stat(String key) throws IOException {
        try (Stream<String> lines = Files.lines(dir.resolve("memory.stat"))) {
            return lines.filter(l -> l.startsWith(key + " ")).mapToLong(l -> Long.parseLong(l.substring(key.length() + 1).strip()))
                    .findFirst().orElse(0);
        }
    }

    private static String controllers() {
        try {
            return Files.readString(V2.resolve("cgroup.controllers"));
        } catch (IOException e) {
            return "";
        }
    }

    /** Groups of runs that ended without removing theirs (killed): empty, and their process gone. */
    private static void removeLeftovers(Path root) {
        try (DirectoryStream<Path> groups = Files.newDirectoryStream(root, PREFIX + "*")) {
            for (Path g : groups) {
                String name = g.getFileName().toString();
                Optional<Long> owner = Optional.of(name.substring(name.lastIndexOf('-') + 1)).filter(s -> s.matches("\\d+"))
                        .map(Long::parseLong);
                if (owner.isPresent() && ProcessHandle.of(owner.get()).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                deleteQuietly(g);
            }
        } catch (IOException e) {
            // nothing to tidy
        }
    }

    /** A cgroup directory is removed with rmdir alone (its files are the kernel's); one with processes stays. */
    private static void deleteQuietly(Path group) {
        try {
            Files.deleteIfExists(group);
        } catch (IOException e) {
            // still holds processes, or never made
        }
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }
}
