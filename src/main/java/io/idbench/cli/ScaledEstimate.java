package io.idbench.cli;

import io.idbench.record.SeedRecord;
import io.idbench.record.WallTime;
import io.idbench.results.RecordedRun;
import io.idbench.seed.DatasetStore;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The wall time of a scenario never recorded here, from the same scenario recorded at another size: that run's time without
 * its dataset's part, plus this size's dataset part at the rates the recorded seeds measured (a load, a clone, an engine's
 * bulk or restore, each per identity, from the largest recorded seed of at least {@link DatasetStore#RATE_FROM_USERS}
 * identities). A first 10M run is mostly its load, which the 1M runs measured per identity; the plan's own part does not
 * grow with the size the way the dataset's does, so it is taken as it was.
 */
final class ScaledEstimate {
    /** A scenario name's size suffix: {@code -1k}, {@code -10m}, {@code -200k}. */
    private static final String SIZE = "-[0-9]+[km]?";

    /** The estimate and how it was made, for the line the estimate prints. */
    record Estimate(double seconds, String how) {
    }

    private ScaledEstimate() {
    }

    /**
     * The estimate for {@code scenario}, which loads {@code dataset}; empty without a recorded run of the scenario at another
     * size, or without a recorded rate for a part. A dataset of this size recorded as seeded here counts as kept: a clone.
     */
    static Optional<Estimate> of(String scenario, DiskEstimate.Dataset dataset, List<RecordedRun> runs) {
        if (!scenario.matches(".*" + SIZE)) {
            return Optional.empty();
        }
        String family = scenario.replaceFirst(SIZE + "$", "");
        Optional<RecordedRun> sibling = runs.stream()
                .filter(r -> r.complete() && !r.scenario().equals(scenario) && r.scenario().matches(Pattern.quote(family) + SIZE))
                .filter(r -> EstimateCommand.seconds(r.record()) > 0 && r.record().seed() != null)
                .max(Comparator.comparingLong(RecordedRun::users).thenComparing(RecordedRun::started));
        if (sibling.isEmpty()) {
            return Optional.empty();
        }
        RecordedRun r = sibling.get();
        WallTime wall = r.record().wallTime();
        double itsDataset = wall != null && wall.seed() != null ? wall.seed() : r.record().seed().seconds();
        double plan = Math.max(0, EstimateCommand.seconds(r.record()) - itsDataset);
        List<SeedRecord> seeds = runs.stream().map(x -> x.record().seed())
                .filter(s -> s != null && dataset.storage().id().equals(s.storage()))
                .flatMap(s -> s.loaded() == null ? Stream.of(s) : Stream.of(s, s.loaded())).toList();
        boolean loaded = seeds.stream().anyMatch(s -> s.users() == dataset.users() && Boolean.valueOf(dataset.dyn()).equals(s.dyn()));
        boolean indexed = dataset.engine() && seeds.stream().anyMatch(s -> s.users() == dataset.users() && s.phases() != null
                && (s.phases().engineBulk() != null || s.phases().engineRestore() != null));
        Optional<Double> load = loaded ? Optional.of(0.0) : perIdentity(seeds, p -> sum(p.copy(), p.indexBuild(), p.vacuumAnalyze()));
        Optional<Double> clone = perIdentity(seeds, p -> sum(p.cloneDatabase()));
        Optional<Double> engine = !dataset.engine() ? Optional.of(0.0)
                : indexed ? perIdentity(seeds, p -> sum(p.engineRestore()))
                        : perIdentity(seeds, p -> sum(p.engineBulk(), p.engineSnapshot()));
        if (load.isEmpty() || clone.isEmpty() || engine.isEmpty()) {
            return Optional.empty();
        }
        double part = (load.get() + clone.get() + engine.get()) * dataset.users();
        String what = (loaded ? "a clone" : "a load and a clone") + (!dataset.engine() ? "" : indexed ? " and the index's restore"
                : " and the engine's index");
        return Optional.of(new Estimate(plan + part, String.format(Locale.ROOT, "never recorded: %s's run %s without its dataset's %s,"
                + " and %s of %,d identities at the recorded seeds' rates, about %s", r.scenario(), r.runId(),
                WallTime.readable(itsDataset),
                what, dataset.users(), WallTime.readable(part))));
    }

    /** Seconds per identity of a seed phase, from the largest recorded seed that timed it with enough identities. */
    private static Optional<Double> perIdentity(List<SeedRecord> seeds, ToDoubleFunction<SeedRecord.Phases> phase) {
        return seeds.stream()
                .filter(s -> s.users() >= DatasetStore.RATE_FROM_USERS && s.phases() != null && phase.applyAsDouble(s.phases()) > 0)
                .max(Comparator.comparingLong(SeedRecord::users)).map(s -> phase.applyAsDouble(s.phases()) / s.users());
    }

    private static double sum(Double... seconds) {
        double all = 0;
        for (Double s : seconds) {
            all += s == null ? 0 : s;
        }
        return all;
    }
}
