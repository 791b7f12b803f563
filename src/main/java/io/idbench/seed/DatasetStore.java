package io.idbench.seed;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.idbench.common.Json;
import io.idbench.config.ByteSize;
import io.idbench.config.ScenarioConfig;
import io.idbench.record.SeedRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The datasets kept on a server idbench owns, managed as a store: what each one is (its load record), its size on disk,
 * when it was loaded and last used, and whether a run is using it; removal by age or down to a size budget, the least
 * recently used first.
 *
 * <p>Last use is a row per dataset in {@value #USE_TABLE} of the server's {@code postgres} database, written whenever a run
 * reuses or loads it. A dataset is in use while a run holds its advisory lock (from looking for it until its clone is made)
 * and while a live run serves a clone of it (the run database's comment names its dataset); neither is ever removed.
 */
public final class DatasetStore {
    /** Last use per dataset, in the server's {@code postgres} database. */
    public static final String USE_TABLE = "idbench_dataset_use";
    /** How a run database's comment names the dataset it was cloned from. */
    static final String CLONED_FROM = "idbench run database, cloned from ";
    /** What an empty database of either storage takes (catalogue, schema, groups): the least a dataset takes. */
    public static final long EMPTY_DATABASE_BYTES = 8L << 20;
    /** The fewest identities a kept dataset needs to tell a new one's bytes per identity: its empty database is then 4 %. */
    public static final long RATE_FROM_USERS = 100_000;

    /** A kept dataset; {@code lastUsed} is its load time when no run has used it since. */
    public record Kept(String name, SeedRecord loaded, long bytes, Instant lastUsed, boolean inUse) {
        public String describe() {
            return name + " (" + ByteSize.format(bytes) + ", last used " + lastUsed + ")";
        }
    }

    /**
     * A run's own copy of a dataset (the run database a run serves, Keycloak's database): made again by every run, never
     * reused, so kept only while a run serves it; in use when the store is a live run's.
     */
    public record Copy(String name, String dataset, long bytes, boolean inUse) {
        public String describe() {
            return name + " (" + ByteSize.format(bytes) + ", a copy of " + dataset + ")";
        }
    }

    private final Connection admin;
    private final boolean servedByRun;

    /**
     * @param admin       a connection to the server's {@code postgres} database
     * @param servedByRun whether the server belongs to a live run (whose clones are then in use), not one started to manage
     *                    the store
     */
    public DatasetStore(Connection admin, boolean servedByRun) throws SQLException {
        this.admin = admin;
        this.servedByRun = servedByRun;
        try (Statement s = admin.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + USE_TABLE + " (name text PRIMARY KEY, last_used timestamptz NOT NULL)");
        }
    }

    /** Every kept dataset, the least recently used first. */
    public List<Kept> list() throws SQLException {
        Set<String> cloned = servedByRun ? clonedByRuns() : Set.of();
        List<Kept> out = new ArrayList<>();
        try (PreparedStatement ps = admin.prepareStatement("SELECT d.datname, shobj_description(d.oid, 'pg_database'), "
                + "pg_database_size(d.oid), u.last_used FROM pg_database d LEFT JOIN " + USE_TABLE + " u ON u.name = d.datname "
                + "WHERE starts_with(d.datname, ?)")) {
            ps.setString(1, Dataset.COMPLETE_PREFIX);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(1);
                    SeedRecord loaded = record(rs.getString(2));
                    Instant used = rs.getTimestamp(4) == null ? Instant.parse(loaded.at()) : rs.getTimestamp(4).toInstant();
                    out.add(new Kept(name, loaded, rs.getLong(3), used, cloned.contains(name) || locked(name)));
                }
            }
        }
        out.sort(Comparator.comparing(Kept::lastUsed).thenComparing(Kept::name));
        return out;
    }

    /** The runs' copies of the datasets, the largest first. */
    public List<Copy> copies() throws SQLException {
        List<Copy> out = new ArrayList<>();
        try (PreparedStatement ps = admin.prepareStatement("SELECT datname, substr(shobj_description(oid, 'pg_database'), ?), "
                + "pg_database_size(oid) FROM pg_database WHERE starts_with(shobj_description(oid, 'pg_database'), ?) "
                + "ORDER BY 3 DESC, 1")) {
            ps.setInt(1, CLONED_FROM.length() + 1);
            ps.setString(2, CLONED_FROM);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Copy(rs.getString(1), rs.getString(2), rs.getLong(3), servedByRun));
                }
            }
        }
        return out;
    }

    /** Drops {@code copy}, which no run is using. */
    public void remove(Copy copy) throws SQLException {
        if (copy.inUse()) {
            throw new IllegalStateException(copy.name() + " is in use by a run");
        }
        try (Statement s = admin.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + copy.name() + " WITH (FORCE)");
        }
    }

    /** Records that a run uses {@code name} now. */
    public void touch(String name) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("INSERT INTO " + USE_TABLE + " (name, last_used) VALUES (?, now()) "
                + "ON CONFLICT (name) DO UPDATE SET last_used = excluded.last_used")) {
            ps.setString(1, name);
            ps.executeUpdate();
        }
    }

    /**
     * What to remove, none in use nor {@code keep}: the datasets not used for {@code age} (none when null), then the least
     * recently used others until the rest and {@code incoming} more bytes fit in {@code budget} (no bound when
     * {@link ScenarioConfig#NO_DATASETS_BUDGET}); as many as may go when even that is not enough.
     */
    public List<Kept> toRemove(Duration age, Instant now, long budget, long incoming, String keep) throws SQLException {
        List<Kept> kept = list(); // once: each listing measures every database on disk
        List<Kept> out = new ArrayList<>();
        long total = incoming;
        for (Kept k : kept) {
            boolean removable = !k.inUse() && !k.name().equals(keep);
            if (removable && age != null && !k.lastUsed().isAfter(now.minus(age))) {
                out.add(k);
            } else {
                total += k.bytes();
            }
        }
        if (budget == ScenarioConfig.NO_DATASETS_BUDGET) {
            return out;
        }
        for (Kept k : kept) {
            if (total <= budget) {
                break;
            }
            if (!k.inUse() && !k.name().equals(keep) && !out.contains(k)) {
                out.add(k);
                total -= k.bytes();
            }
        }
        return out;
    }

    /** The bytes of the kept datasets together. */
    public long bytes() throws SQLException {
        return list().stream().mapToLong(Kept::bytes).sum();
    }

    /**
     * About how large {@code dataset} will be on disk: an empty database and its identities, each taking what one takes in
     * the kept dataset of its storage with the most identities (at least {@link #RATE_FROM_USERS}), else the storage's
     * measured figure. The bytes per identity of a small dataset are mostly its empty database's: 10M estimated from the
     * 1k dataset's (9.8 MiB) came out at 98 GB, five times what the load then took.
     */
    public long expectedBytes(Dataset dataset) throws SQLException {
        return expectedBytes(list(), dataset);
    }

    static long expectedBytes(List<Kept> kept, Dataset dataset) {
        double perIdentity = kept.stream()
                .filter(k -> dataset.storage().id().equals(k.loaded().storage()) && k.loaded().users() >= RATE_FROM_USERS)
                .max(Comparator.comparingLong((Kept k) -> k.loaded().users()))
                .map(k -> bytesPerIdentity(k.loaded().users(), k.bytes()))
                .orElse((double) dataset.storage().bytesPerIdentity());
        return expectedBytes(dataset.users(), perIdentity);
    }

    /** What an identity takes in a dataset of {@code users} taking {@code bytes}, beyond its empty database. */
    public static double bytesPerIdentity(long users, long bytes) {
        return (double) Math.max(0, bytes - EMPTY_DATABASE_BYTES) / users;
    }

    /** A dataset of {@code users} identities taking {@code perIdentity} bytes each: with its empty database. */
    public static long expectedBytes(long users, double perIdentity) {
        return EMPTY_DATABASE_BYTES + (long) (perIdentity * users);
    }

    /**
     * Removes {@code k} unless a run took its lock meanwhile.
     *
     * @return whether it was removed
     */
    public boolean remove(Kept k) throws SQLException {
        if (!tryLock(k.name())) {
            return false;
        }
        try (Statement s = admin.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + k.name() + " WITH (FORCE)");
            try (PreparedStatement ps = admin.prepareStatement("DELETE FROM " + USE_TABLE + " WHERE name = ?")) {
                ps.setString(1, k.name());
                ps.executeUpdate();
            }
            return true;
        } finally {
            unlock(k.name());
        }
    }

    /** Removes each of {@code victims}, saying so, and returns the bytes freed. */
    public long removeAll(List<Kept> victims, Consumer<String> log) throws SQLException {
        long freed = 0;
        for (Kept k : victims) {
            if (remove(k)) {
                log.accept("Removed dataset " + k.describe());
                freed += k.bytes();
            } else {
                log.accept("Kept dataset " + k.name() + ": a run started using it");
            }
        }
        return freed;
    }

    /** Holds {@code name}'s lock for this session: a store's removal skips it until the session ends. */
    static void lock(Connection session, String name) throws SQLException {
        try (PreparedStatement ps = session.prepareStatement("SELECT pg_advisory_lock(hashtext(?))")) {
            ps.setString(1, name);
            ps.execute();
        }
    }

    /** Names the dataset a run database was cloned from, for {@link #list()} and {@link #copies()}. */
    public static void markClone(Statement admin, String runDatabase, String template) throws SQLException {
        admin.execute("COMMENT ON DATABASE " + runDatabase + " IS '" + CLONED_FROM + template + "'");
    }

    /** The run database is about to be replaced: the dataset it was cloned from is no longer in use by it. */
    static void unmarkClone(Connection admin, String runDatabase) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            ps.setString(1, runDatabase);
            try (ResultSet rs = ps.executeQuery(); Statement s = admin.createStatement()) {
                if (rs.next()) {
                    s.execute("COMMENT ON DATABASE " + runDatabase + " IS NULL");
                }
            }
        }
    }

    private boolean tryLock(String name) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("SELECT pg_try_advisory_lock(hashtext(?))")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private void unlock(String name) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("SELECT pg_advisory_unlock(hashtext(?))")) {
            ps.setString(1, name);
            ps.execute();
        }
    }

    /** Whether another session holds {@code name}'s lock. */
    private boolean locked(String name) throws SQLException {
        if (!tryLock(name)) {
            return true;
        }
        unlock(name);
        return false;
    }

    private Set<String> clonedByRuns() throws SQLException {
        Set<String> out = new HashSet<>();
        try (Statement s = admin.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE NOT starts_with(datname, '"
                        + Dataset.COMPLETE_PREFIX + "')")) {
            while (rs.next()) {
                String comment = rs.getString(1);
                if (comment != null && comment.startsWith(CLONED_FROM)) {
                    out.add(comment.substring(CLONED_FROM.length()));
                }
            }
        }
        return out;
    }

    /** A load record as a template database's comment holds it. */
    static SeedRecord record(String text) {
        try {
            return Json.mapper().readValue(text, SeedRecord.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Unreadable seed record: " + e.getOriginalMessage(), e);
        }
    }
}
