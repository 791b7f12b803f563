package io.idbench.targets.ldap;

import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.common.ProcessLock;
import io.idbench.record.SeedRecord;
import io.idbench.seed.IdentityGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The workload's directory of one size, loaded once by slapadd and kept (its MDB data file and the load's record) under a
 * root such as {@code ~/.cache/idbench/openldap-2.5}, as the SQL datasets are kept in PostgreSQL: a later run of that size
 * copies the file instead of loading again. Its name says what it holds ({@code openldap_<users>_g<generator>_<digest>}:
 * the digest covers the schema and the database's indexes and overlays, which change what the file holds). A dataset is
 * complete once its record is written, which happens last, in a directory moved into place whole.
 */
public final class SlapdDataset {
    /** The seed's storage, as records name it. */
    public static final String STORAGE = "openldap-mdb";
    static final String DATA_FILE = "data.mdb";
    static final String SEED_FILE = "seed.json";
    /** A load in progress (or killed): {@code <name>.loading-<pid>}, moved into place once complete. */
    static final String LOADING = ".loading-";
    /** How long a run waits for another that loads or copies the same dataset. */
    static final Duration LOCK_WAIT = Duration.ofMinutes(30);

    private final Path root;
    private final List<String> passwordPool;

    /** @param passwordPool the seeded passwords' hashes, identity N's at N modulo its size (the SQL datasets' pool) */
    public SlapdDataset(Path root, List<String> passwordPool) {
        this.root = root;
        this.passwordPool = List.copyOf(passwordPool);
    }

    /** The kept dataset of {@code users} identities. */
    public static String name(long users) {
        return "openldap_" + users + "_g" + IdentityGenerator.VERSION + "_" + digest();
    }

    /** 8 hex digits of the schema and the backend's and database's options: a change to either makes another dataset. */
    static String digest() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(IdbenchSchema.slapdSchema().getBytes(StandardCharsets.UTF_8));
            sha.update(SlapdConfig.BACKEND_OPTIONS.getBytes(StandardCharsets.UTF_8));
            sha.update(SlapdConfig.DATABASE_OPTIONS.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest(), 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public Path root() {
        return root;
    }

    /** The load's record of a complete dataset, if one is kept. */
    public Optional<SeedRecord> kept(String name) throws IOException {
        Path seed = root.resolve(name).resolve(SEED_FILE);
        if (!Files.isRegularFile(seed) || !Files.isRegularFile(root.resolve(name).resolve(DATA_FILE))) {
            return Optional.empty();
        }
        return Optional.of(Json.mapper().readValue(seed.toFile(), SeedRecord.class));
    }

    /**
     * The run's copy of the dataset of {@code users} identities in {@code dataDir} (empty or absent), loaded first when none is
     * kept (or {@code fresh}); the record says which happened and how long each part took.
     */
    public SeedRecord provide(long users, boolean fresh, Path dataDir, PrintWriter out) throws IOException, InterruptedException {
        String name = name(users);
        try (ProcessLock lock = ProcessLock.acquire(root.resolve(name + ".lock"), LOCK_WAIT,
                holder -> out.println("Waiting for " + holder + ", which loads or copies dataset " + name + "…"))) {
            Optional<SeedRecord> kept = fresh ? Optional.empty() : kept(name);
            if (kept.isPresent()) { // when it was last used: what datasets prune goes by
                Files.setLastModifiedTime(root.resolve(name).resolve(SEED_FILE), FileTime.from(Instant.now()));
            }
            SeedRecord loaded = kept.isPresent() ? kept.get() : load(users, name, out);
            long t0 = System.nanoTime();
            Files.createDirectories(dataDir);
            copySparse(root.resolve(name).resolve(DATA_FILE), dataDir.resolve(DATA_FILE));
            Duration copy = Duration.ofNanos(System.nanoTime() - t0);
            if (kept.isEmpty()) {
                return loaded.withClone(copy);
            }
            return SeedRecord.of(name, STORAGE, users, null, IdentityGenerator.VERSION, loaded.passwordHash(), SeedRecord.REUSED,
                    SeedRecord.Phases.cloned(copy), copy, loaded.databaseBytes(), null, loaded);
        }
    }

    /**
     * slapadd of the generated LDIF into a directory of its own, moved into place with its record once complete. A load that was
     * killed left its directory (gigabytes at a million identities): whoever holds the dataset's lock removes them all.
     */
    private SeedRecord load(long users, String name, PrintWriter out) throws IOException, InterruptedException {
        try (var left = Files.newDirectoryStream(root, name + LOADING + "*")) {
            for (Path dir : left) {
                FileTrees.delete(dir);
            }
        }
        Path loading = root.resolve(name + LOADING + ProcessHandle.current().pid());
        Path work = Files.createDirectories(loading.resolve("work"));
        Path data = loading.resolve("data");
        out.println("Loading dataset " + name + ": " + String.format("%,d", users) + " identities by slapadd…");
        out.flush();
        long t0 = System.nanoTime();
        SlapdConfig config = new SlapdConfig(work, data, "{SSHA256}unused-while-loading").write();
        IdentityLdif ldif = new IdentityLdif(new IdentityGenerator(Json.mapper()), passwordPool);
        Slapd.slapadd(config, o -> ldif.writeDirectory(o, users), work.resolve("slapadd.log"));
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        Path kept = root.resolve(name);
        FileTrees.delete(kept);
        Files.createDirectories(kept);
        Files.move(data.resolve(DATA_FILE), kept.resolve(DATA_FILE), StandardCopyOption.ATOMIC_MOVE);
        long bytes = usedBytes(kept.resolve(DATA_FILE));
        SeedRecord record = SeedRecord.of(name, STORAGE, users, null, IdentityGenerator.VERSION, "ssha256", SeedRecord.LOADED,
                SeedRecord.Phases.load(null, took, null, java.util.Map.of()), took, bytes, null, null);
        Files.writeString(kept.resolve(SEED_FILE), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(record));
        FileTrees.delete(loading);
        out.println(String.format("Loaded %,d identities in %.1f s (%,.0f/s), %d MiB on disk", users, took.toMillis() / 1000.0,
                users / Math.max(0.001, took.toMillis() / 1000.0), bytes >> 20));
        return record;
    }

    /**
     * MDB's file is as large as its map, sparse: only the pages in use take disk. cp keeps the holes (a plain copy would write
     * the whole map).
     */
    static void copySparse(Path from, Path to) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("cp", "--sparse=always", from.toString(), to.toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("Cannot copy " + from + " to " + to + ": " + said.strip());
        }
    }

    /** The bytes a sparse file (or a directory's files) takes on disk. */
    static long usedBytes(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("du", "--summarize", "--block-size=1", file.toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0) {
            throw new IOException("du " + file + ": " + said);
        }
        return Long.parseLong(said.split("\\s+")[0]);
    }
}
