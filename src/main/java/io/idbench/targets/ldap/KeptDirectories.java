package io.idbench.targets.ldap;

import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.common.ProcessLock;
import io.idbench.config.ByteSize;
import io.idbench.record.SeedRecord;
import java.io.IOException;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The directories {@link SlapdDataset} keeps under one root, listed and removed: by age, down to a size budget, and always
 * those no run of this idbench will copy again (another schema, other indexes or another generator made them: a gigabyte and
 * more at a million identities each), with the loads that were killed half-way. A dataset is removed only under its lock, so
 * never while a run loads or copies it.
 */
public final class KeptDirectories {
    private static final Pattern NAME = Pattern.compile("openldap_(\\d+)_g(\\d+)_([0-9a-f]{8})");
    private static final Pattern INTERRUPTED = Pattern.compile("(openldap_\\d+_g\\d+_[0-9a-f]{8})"
            + Pattern.quote(SlapdDataset.LOADING) + "\\d+");

    /** One kept directory; {@code current}: this idbench's runs of its size copy it. */
    public record Kept(Path dir, long users, int generatorVersion, long bytes, Instant loaded, Instant lastUsed, boolean current) {
        public String name() {
            return dir.getFileName().toString();
        }

        public String describe() {
            return name() + " (" + ByteSize.format(bytes) + ", last used " + lastUsed + (current ? "" : ", of another configuration")
                    + ")";
        }
    }

    private final Path root;

    public KeptDirectories(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** The complete datasets, the least recently used first. */
    public List<Kept> list() throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<Kept> kept = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.sorted().toList()) {
                Matcher m = NAME.matcher(dir.getFileName().toString());
                Path seed = dir.resolve(SlapdDataset.SEED_FILE);
                if (m.matches() && Files.isRegularFile(seed) && Files.isRegularFile(dir.resolve(SlapdDataset.DATA_FILE))) {
                    SeedRecord record = Json.mapper().readValue(seed.toFile(), SeedRecord.class);
                    kept.add(new Kept(dir, Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)), bytes(dir),
                            Instant.parse(record.at()), Files.getLastModifiedTime(seed).toInstant(),
                            dir.getFileName().toString().equals(SlapdDataset.name(Long.parseLong(m.group(1))))));
                }
            }
        }
        kept.sort(Comparator.comparing(Kept::lastUsed));
        return List.copyOf(kept);
    }

    /** The directories of loads killed half-way (each removed by its dataset's next load, or here). */
    public List<Path> interrupted() throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(d -> INTERRUPTED.matcher(d.getFileName().toString()).matches()).sorted().toList();
        }
    }

    /**
     * What a prune removes: every dataset of another configuration, then those not used for {@code olderThan} (null: any
     * age), then the least recently used until the rest take at most {@code budget} bytes (a negative budget: none).
     */
    public static List<Kept> toRemove(List<Kept> kept, Duration olderThan, Instant now, long budget) {
        List<Kept> out = new ArrayList<>(kept.stream().filter(k -> !k.current()
                || olderThan != null && k.lastUsed().isBefore(now.minus(olderThan))).toList());
        long left = kept.stream().filter(k -> !out.contains(k)).mapToLong(Kept::bytes).sum();
        for (Kept k : kept) {
            if (budget < 0 || left <= budget) {
                break;
            }
            if (!out.contains(k)) {
                out.add(k);
                left -= k.bytes();
            }
        }
        return List.copyOf(out);
    }

    /** Removes each dataset whose lock is free (saying so in {@code log}); @return the bytes freed */
    public long remove(List<Kept> victims, Consumer<String> log) throws IOException {
        long freed = 0;
        for (Kept k : victims) {
            if (removeLocked(k.dir(), k.name())) {
                log.accept("Removed directory dataset " + k.describe());
                freed += k.bytes();
            } else {
                log.accept("Kept directory dataset " + k.name() + ": a run is loading or copying it");
            }
        }
        return freed;
    }

    /** Removes the interrupted loads whose dataset no run is loading; @return the bytes freed */
    public long removeInterrupted(Consumer<String> log) throws IOException {
        long freed = 0;
        for (Path dir : interrupted()) {
            Matcher m = INTERRUPTED.matcher(dir.getFileName().toString());
            m.matches();
            long bytes = bytes(dir);
            if (removeLocked(dir, m.group(1))) {
                log.accept("Removed an interrupted load: " + dir.getFileName() + " (" + ByteSize.format(bytes) + ")");
                freed += bytes;
            }
        }
        return freed;
    }

    private boolean removeLocked(Path dir, String dataset) throws IOException {
        try (ProcessLock free = ProcessLock.acquire(root.resolve(dataset + ".lock"), Duration.ZERO, holder -> {})) {
            FileTrees.delete(dir);
            return true;
        } catch (ProcessLock.Busy | OverlappingFileLockException e) {
            return false;
        }
    }

    /** The bytes a directory's files take on disk (MDB's file is sparse: its length is the map's). */
    public static long bytes(Path dir) throws IOException {
        try {
            return SlapdDataset.usedBytes(dir);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted measuring " + dir, e);
        }
    }
}
