package io.idbench.results;

import io.idbench.config.ConfigException;
import io.idbench.config.Plan;
import io.idbench.record.RecordFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every run recorded under one or more results directories ({@code <results>/<scenario>/<run-id>/summary.json}),
 * oldest first. A summary that does not parse is reported and left out, not fatal: one broken run must
 * not take the whole history's site down.
 */
public final class RunHistory {
    private final List<RecordedRun> runs;
    private final List<String> skipped;
    private final Set<String> batches;

    private RunHistory(List<RecordedRun> runs, List<String> skipped) {
        this.runs = List.copyOf(runs);
        this.skipped = List.copyOf(skipped);
        Map<String, Set<String>> scenarios = new HashMap<>();
        runs.forEach(r -> scenarios.computeIfAbsent(r.machine() + "\u0000" + r.runId(), k -> new HashSet<>()).add(r.scenario()));
        this.batches = scenarios.entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }

    /** A history of these runs (tests, and a site of chosen runs), oldest first. */
    public static RunHistory of(List<RecordedRun> runs) {
        List<RecordedRun> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparing(RecordedRun::started).thenComparing(RecordedRun::runId));
        return new RunHistory(sorted, List.of());
    }

    /**
     * The batch a run was recorded in, or null: the run id several scenarios share on one machine, as a nightly job names
     * every run of a night ({@code nightly-<build>}). Runs of two batches are of two nights, never paired by a finding.
     */
    public String batch(RecordedRun run) {
        return batches.contains(run.machine() + "\u0000" + run.runId()) ? run.runId() : null;
    }

    public static RunHistory load(List<Path> resultsDirectories) {
        List<RecordedRun> runs = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Path results : resultsDirectories) {
            if (!Files.isDirectory(results)) {
                throw new ConfigException("the results directory " + results + " does not exist");
            }
            try (Stream<Path> files = Files.find(results, 3,
                    (p, a) -> a.isRegularFile() && p.getFileName().toString().equals(RecordFile.NAME)
                            && results.relativize(p).getNameCount() == 3)) {
                for (Path file : files.sorted().toList()) {
                    try {
                        runs.add(new RecordedRun(file.getParent(), RecordFile.parse(file)));
                    } catch (RuntimeException e) {
                        skipped.add(e instanceof ConfigException ? e.getMessage() : file + ": " + e.getMessage());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new RunHistory(of(runs).all(), skipped);
    }

    /** Every run, oldest first (failed and interrupted ones too). */
    public List<RecordedRun> all() {
        return runs;
    }

    /** The summaries that could not be read, with the reason. */
    public List<String> skipped() {
        return skipped;
    }

    public List<String> machines() {
        return runs.stream().map(RecordedRun::machine).distinct().toList();
    }

    /**
     * The newest run of each (machine, scenario, {@code also}) that {@code which} accepts, whatever its status, in scenario
     * order: for a study whose failed runs are findings too (a store that lost what plan 5's client sent).
     */
    public List<RecordedRun> newest(Predicate<RecordedRun> which, Function<RecordedRun, Object> also) {
        Map<String, RecordedRun> newest = new LinkedHashMap<>();
        runs.stream().filter(which).forEach(r -> newest.merge(r.machine() + "\u0000" + r.scenario() + "\u0000" + also.apply(r), r,
                (older, newer) -> newer.started().isBefore(older.started()) ? older : newer));
        return newest.values().stream().sorted(SCENARIO_ORDER).toList();
    }

    /** The newest complete run of each (machine, scenario, scale-out) that {@code which} accepts, in scenario order. */
    public List<RecordedRun> latestComplete(Predicate<RecordedRun> which) {
        return latestComplete(which, r -> "");
    }

    /**
     * The same, keeping one run per (machine, scenario, scale-out, {@code also}): the threads of a study, say. A scenario
     * run with replicas, an engine cluster or remote JMeter engines keeps its own newest run beside the single one.
     * A trustworthy run (not disturbed, no handicap) is preferred to a newer one that is not.
     */
    public List<RecordedRun> latestComplete(Predicate<RecordedRun> which, Function<RecordedRun, Object> also) {
        Map<String, RecordedRun> latest = new LinkedHashMap<>();
        runs.stream().filter(RecordedRun::complete).filter(which).forEach(r -> latest.merge(r.machine() + "\u0000" + r.scenario()
                + "\u0000" + r.scaleOut() + "\u0000" + also.apply(r), r,
                (older, newer) -> newer.trustworthy() || !older.trustworthy() ? newer : older));
        return latest.values().stream().sorted(SCENARIO_ORDER).toList();
    }

    /** The newest run of each (machine, scenario, scale-out), whatever its status, and its newest complete one. */
    public List<RecordedRun> latest() {
        Map<String, RecordedRun> newest = new LinkedHashMap<>();
        runs.forEach(r -> newest.put(r.machine() + "\u0000" + r.scenario() + "\u0000" + r.scaleOut(), r));
        List<RecordedRun> out = new ArrayList<>(latestComplete(r -> true));
        newest.values().stream().filter(r -> !out.contains(r)).forEach(out::add);
        return out;
    }

    /** Complete runs grouped by machine, scenario and shape: the series a trend draws, oldest first within each. */
    public Map<String, List<RecordedRun>> series() {
        return runs.stream().filter(RecordedRun::complete).sorted(SCENARIO_ORDER.thenComparing(RecordedRun::started))
                .collect(Collectors.groupingBy(r -> r.machine() + " | " + r.scenario() + " | " + r.shape(), LinkedHashMap::new,
                        Collectors.toList()));
    }

    /** Scenarios by plan, axes, then size (1k before 10k), so that tables read like the 2018 matrix. */
    public static final Comparator<RecordedRun> SCENARIO_ORDER = Comparator.comparing(RecordedRun::machine)
            .thenComparing(r -> r.plan() != Plan.DEFAULT).thenComparing(r -> r.plan().id())
            .thenComparing(RecordedRun::axes).thenComparingLong(RecordedRun::users).thenComparing(RecordedRun::scenario)
            .thenComparingInt(RecordedRun::threads);
}
