package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run records about its dataset: which dataset, how it came to be (loaded, reused, over SCIM), the time of each
 * phase and the resulting rate. A reuse carries the record of the load that made the dataset ({@code loaded}). The same
 * record is kept with the dataset itself, so that a reuse can say how the dataset was made.
 *
 * @param action  {@value #LOADED} (COPY into a new dataset), {@value #REUSED} (cloned from a kept one),
 *                {@value #REUSED_IN_PLACE} (an external database that holds it already) or {@value #OVER_SCIM} (another
 *                product, seeded through its API)
 * @param seconds wall time of this action, all phases; {@code identitiesPerSecond} is users / seconds
 * @param created over SCIM: the identities the target did not hold yet (null otherwise)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SeedRecord(String dataset, String storage, long users, Boolean dyn, Integer generatorVersion, String passwordHash,
        String action, String at, Phases phases, double seconds, double identitiesPerSecond, Long databaseBytes, Long created,
        SeedRecord loaded) {

    public static final String LOADED = "loaded";
    public static final String REUSED = "reused";
    public static final String REUSED_IN_PLACE = "reused-in-place";
    public static final String OVER_SCIM = "loaded over SCIM";

    /** How many of the longest index and key builds a record keeps. */
    public static final int SLOWEST_BUILDS = 8;

    /**
     * Seconds per phase; null when a phase did not run. {@code generate} is the time spent making rows, which overlaps the
     * COPY it feeds ({@code copy} is the wall time of both). {@code indexBuild} includes each table's VACUUM ANALYZE, run as
     * soon as its indexes exist so that foreign keys are validated over index-only scans; {@code vacuumAnalyze} is only set
     * in records of older loads, which vacuumed after every build. {@code slowestBuilds}: the longest index and key builds of
     * the index build, by name, longest first (they run side by side, one per core, so they add up to more than
     * {@code indexBuild}). {@code scimUsers} and {@code scimMemberships}: a seed over SCIM, its users and then the groups'
     * members.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Phases(Double generate, Double copy, Double indexBuild, Double vacuumAnalyze, Double cloneDatabase, Double engineBulk,
            Double engineSnapshot, Double engineRestore, Map<String, Double> slowestBuilds, Double scimUsers, Double scimMemberships) {

        public static final Phases NONE = new Phases(null, null, null, null, null, null, null, null, null, null, null);

        /** A COPY load: rows generated while copied, then the index build; its longest builds. */
        public static Phases load(Duration generate, Duration copy, Duration indexBuild, Map<String, Duration> builds) {
            return new Phases(seconds(generate), seconds(copy), seconds(indexBuild), null, null, null, null, null, slowest(builds), null,
                    null);
        }

        /** A clone of a kept dataset. */
        public static Phases cloned(Duration d) {
            return NONE.withClone(d);
        }

        /** A load into another product's own tables, behind its API: the COPYs, then VACUUM ANALYZE. */
        public static Phases intoTables(Duration copy, Duration vacuumAnalyze) {
            return new Phases(null, seconds(copy), null, seconds(vacuumAnalyze), null, null, null, null, null, null, null);
        }

        /** A seed over SCIM: the users, then the groups' members. */
        public static Phases overScim(Duration users, Duration memberships) {
            return new Phases(null, null, null, null, null, null, null, null, null, seconds(users), seconds(memberships));
        }

        Phases withEngine(Duration bulk, Duration snapshot, Duration restore) {
            return new Phases(generate, copy, indexBuild, vacuumAnalyze, cloneDatabase, seconds(bulk), seconds(snapshot),
                    seconds(restore), slowestBuilds, scimUsers, scimMemberships);
        }

        Phases withClone(Duration d) {
            return new Phases(generate, copy, indexBuild, vacuumAnalyze, seconds(d), engineBulk, engineSnapshot, engineRestore,
                    slowestBuilds, scimUsers, scimMemberships);
        }
    }

    /** The {@link #SLOWEST_BUILDS} longest of {@code builds}, longest first, in seconds; null when there were none. */
    static Map<String, Double> slowest(Map<String, Duration> builds) {
        if (builds.isEmpty()) {
            return null;
        }
        Map<String, Double> out = new LinkedHashMap<>();
        builds.entrySet().stream().sorted(Map.Entry.<String, Duration>comparingByValue(Comparator.reverseOrder())).limit(SLOWEST_BUILDS)
                .forEach(e -> out.put(e.getKey(), seconds(e.getValue())));
        return out;
    }

    /**
     * A seed that happened now, of {@code users} identities, taking {@code total}: its rate follows.
     *
     * @param dyn              whether the dataset has dynamic groups (null for another product's)
     * @param generatorVersion the identity generator's version (null for another product's)
     */
    public static SeedRecord of(String dataset, String storage, long users, Boolean dyn, Integer generatorVersion, String passwordHash,
            String action, Phases phases, Duration total, Long databaseBytes, Long created, SeedRecord loaded) {
        double seconds = seconds(total);
        return new SeedRecord(dataset, storage, users, dyn, generatorVersion, passwordHash, action, Instant.now().toString(), phases,
                seconds, rate(users, seconds), databaseBytes, created, loaded);
    }

    /**
     * The same record with the engine's part added (after the database is ready): a bulk load and the snapshot taken after
     * it, or a restore from that snapshot; null for what did not happen.
     */
    public SeedRecord withEngine(Duration bulk, Duration snapshot, Duration restore) {
        Duration all = Duration.ZERO;
        for (Duration d : new Duration[] {bulk, snapshot, restore}) {
            all = d == null ? all : all.plus(d);
        }
        return plus(phases.withEngine(bulk, snapshot, restore), all);
    }

    /** The same record with the clone of the new dataset into the run's database added. */
    public SeedRecord withClone(Duration d) {
        return plus(phases.withClone(d), d);
    }

    private SeedRecord plus(Phases more, Duration d) {
        double all = seconds + seconds(d);
        return new SeedRecord(dataset, storage, users, dyn, generatorVersion, passwordHash, action, at, more, all, rate(users, all),
                databaseBytes, created, loaded);
    }

    /** A duration in seconds to the millisecond, as records keep them; null for null. */
    public static Double seconds(Duration d) {
        return d == null ? null : Math.round(d.toNanos() / 1e6) / 1000.0;
    }

    private static double rate(long users, double seconds) {
        return seconds <= 0 ? 0 : Math.round(users / seconds);
    }
}
