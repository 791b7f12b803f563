package io.idbench.seed;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run records about its dataset (summary.json picks it up): which dataset, whether it was
 * loaded or reused, the time of each phase and the resulting rate. A reuse carries the record of
 * the load that made the dataset ({@code loaded}).
 *
 * @param action  {@code loaded} (COPY into a new dataset), {@code reused} (cloned from a kept
 *                one) or {@code reused-in-place} (an external database that holds it already)
 * @param seconds wall time of this action, all phases; {@code identitiesPerSecond} is users / seconds
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SeedRecord(String dataset, String storage, long users, boolean dyn, int generatorVersion, String passwordHash,
        String action, String at, Phases phases, double seconds, double identitiesPerSecond,
        Long databaseBytes, SeedRecord loaded) {

    public static final String LOADED = "loaded";
    public static final String REUSED = "reused";
    public static final String REUSED_IN_PLACE = "reused-in-place";

    /** How many of the longest index and key builds a record keeps. */
    static final int SLOWEST_BUILDS = 8;

    /**
     * Seconds per phase; null when a phase did not run. {@code generate} is the time spent making
     * rows, which overlaps the COPY it feeds ({@code copy} is the wall time of both). {@code indexBuild}
     * includes each table's VACUUM ANALYZE, run as soon as its indexes exist so that foreign keys are
     * validated over index-only scans; {@code vacuumAnalyze} is only set in records of older loads,
     * which vacuumed after every build.
     * {@code slowestBuilds}: the longest index and key builds of the index build, by name, longest
     * first (they run side by side, one per core, so they add up to more than {@code indexBuild}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Phases(Double generate, Double copy, Double indexBuild, Double vacuumAnalyze, Double cloneDatabase, Double engineBulk,
            Double engineSnapshot, Double engineRestore, Map<String, Double> slowestBuilds) {
        Phases(Double generate, Double copy, Double indexBuild, Double vacuumAnalyze, Double cloneDatabase, Double engineBulk) {
            this(generate, copy, indexBuild, vacuumAnalyze, cloneDatabase, engineBulk, null, null, null);
        }

        Phases withEngine(Duration bulk, Duration snapshot, Duration restore) {
            return new Phases(generate, copy, indexBuild, vacuumAnalyze, cloneDatabase, seconds(bulk), seconds(snapshot),
                    seconds(restore), slowestBuilds);
        }

        Phases withClone(Duration d) {
            return new Phases(generate, copy, indexBuild, vacuumAnalyze, seconds(d), engineBulk, engineSnapshot, engineRestore,
                    slowestBuilds);
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

    static SeedRecord of(Dataset d, String action, Phases phases, Duration total, Long bytes, SeedRecord loaded) {
        double seconds = seconds(total);
        return new SeedRecord(d.key(), d.storage().id(), d.users(), d.dyn(), d.generatorVersion(), d.passwordHash(), action,
                Instant.now().toString(), phases, seconds, rate(d.users(), seconds), bytes, loaded);
    }

    /**
     * The same record with the engine's part added (after the database is ready): a bulk load and
     * the snapshot taken after it, or a restore from that snapshot; null for what did not happen.
     */
    public SeedRecord withEngine(Duration bulk, Duration snapshot, Duration restore) {
        Duration all = Duration.ZERO;
        for (Duration d : new Duration[] {bulk, snapshot, restore}) {
            all = d == null ? all : all.plus(d);
        }
        return plus(phases.withEngine(bulk, snapshot, restore), all);
    }

    /** The same record with the clone of the new dataset into the run's database added. */
    SeedRecord withClone(Duration d) {
        return plus(phases.withClone(d), d);
    }

    private SeedRecord plus(Phases more, Duration d) {
        double all = seconds + seconds(d);
        return new SeedRecord(dataset, storage, users, dyn, generatorVersion, passwordHash, action, at, more, all,
                rate(users, all), databaseBytes, loaded);
    }

    static Double seconds(Duration d) {
        return d == null ? null : Math.round(d.toNanos() / 1e6) / 1000.0;
    }

    private static double rate(long users, double seconds) {
        return seconds <= 0 ? 0 : Math.round(users / seconds);
    }
}
