package io.idbench.cli;

import io.idbench.config.ConfigException;
import io.idbench.config.ScenarioConfig;
import io.idbench.record.RunRecord;
import io.idbench.record.WallTime;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunHistory;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code idbench estimate}: how long a list of scenarios will take, from how long each took when it was last recorded. */
@Command(name = "estimate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Says how long running these scenarios one after another will take, before it is spent.",
                "Each scenario counts with the wall time of its newest complete run in the results: from its JVM's",
                "start (Maven's, or idbench run's; in idbench run --matrix, the previous scenario's end) to its record,",
                "or from its preparation where the run did not time its build (records before 2026-11-26). A scenario never",
                "recorded there counts as the same scenario at another size (its name's -<size> aside, the most",
                "identities) took, its dataset's part replaced by this size's at the recorded seeds' rates per",
                "identity; with no such run it is named and left out of the total. The recorded runs had their own parameters",
                "(-Drepeat, -Dduration…): a matrix run with others takes longer or shorter.",
                "Then the disk they need at most, from their scenario files: each dataset they seed (kept once",
                "loaded), a run's copy of the largest, the write-ahead log of a load and the engines' indexes, sized",
                "by the largest recorded seed and index (else measured figures), beside what is free where the",
                "datasets go."},
        footer = {"", "Example:", "  java -jar target/idbench.jar estimate --results=results jsonb-nodyn-1k relational-nodyn-1k"})
public final class EstimateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<scenario>", arity = "1..*", description = "The scenarios, in the order they will run.")
    List<String> scenarios;

    @Option(names = "--results", paramLabel = "<dir>", defaultValue = "results",
            description = "Where the runs are recorded (<dir>/<scenario>/<run-id>/summary.json) (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = "--parameters", paramLabel = "<dir>", defaultValue = "parameters",
            description = "Where the scenario files are (<dir>/<scenario>.properties) (default: ${DEFAULT-VALUE}).")
    Path parameters;

    @Option(names = "--pg-data-dir", paramLabel = "<dir>", defaultValue = ScenarioConfig.DEFAULT_PG_DATA_DIR,
            description = "Where the datasets go, for its free space (default: ${DEFAULT-VALUE}).")
    String pgDataDir;

    @Override
    public Integer call() {
        List<RecordedRun> runs = Files.isDirectory(results) ? RunHistory.load(List.of(results)).all() : List.of();
        PrintWriter out = spec.commandLine().getOut();
        double total = 0;
        int unknown = 0;
        int scaled = 0;
        for (String scenario : scenarios) {
            if (!scenario.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
                throw new ConfigException("a scenario is a name of parameters/<scenario>.properties, was '" + scenario + "'");
            }
            Optional<RecordedRun> newest = runs.stream().filter(r -> r.scenario().equals(scenario) && r.complete())
                    .filter(r -> seconds(r.record()) > 0).max(Comparator.comparing(RecordedRun::started));
            if (newest.isPresent()) {
                double s = seconds(newest.get().record());
                total += s;
                out.printf("  %-40s  %10s  (run %s)%n", scenario, WallTime.readable(s), newest.get().runId());
                continue;
            }
            Optional<ScaledEstimate.Estimate> other = DiskEstimate.datasets(List.of(scenario), parameters).stream().findFirst()
                    .flatMap(d -> ScaledEstimate.of(scenario, d, runs));
            if (other.isPresent()) {
                scaled++;
                total += other.get().seconds();
                out.printf("  %-40s  %10s  (%s)%n", scenario, "about " + WallTime.readable(other.get().seconds()), other.get().how());
            } else {
                unknown++;
                out.printf("  %-40s  no complete run recorded, at this size or another: not counted%n", scenario);
            }
        }
        int counted = scenarios.size() - unknown;
        if (counted == 0) {
            out.printf("Expected wall time: unknown: %s recorded in %s, at its size or another (a run of the same scenario at"
                    + " a smaller size times it)%n",
                    scenarios.size() == 1 ? scenarios.get(0) + " is not" : "none of the " + scenarios.size()
                            + " scenarios is",
                    results);
        } else {
            out.printf("Expected wall time: %s for %d scenario%s%s%s%n", readableLong(total), counted, counted == 1 ? "" : "s",
                    scaled == 0 ? "" : " (" + scaled + " scaled from another size)",
                    unknown == 0 ? "" : ", and " + unknown + " never recorded here (not counted)");
        }
        DiskEstimate.lines(DiskEstimate.datasets(scenarios, parameters), runs, ScenarioConfig.expandHome(pgDataDir))
                .forEach(out::println);
        out.flush();
        return 0;
    }

    /** Maven's start to the run's record (else its preparation to its record), s; 0 when it does not say. */
    static double seconds(RunRecord r) {
        if (r.wallTime() != null && r.wallTime().total() != null) {
            return r.wallTime().total();
        }
        if (r.started() == null || r.ended() == null) {
            return 0;
        }
        return Duration.between(Instant.parse(r.started()), Instant.parse(r.ended())).toMillis() / 1000.0;
    }

    /** "1 h 12 min", or as {@link WallTime#readable} under an hour. */
    static String readableLong(double seconds) {
        if (seconds < 3600) {
            return WallTime.readable(seconds);
        }
        long minutes = Math.round(seconds / 60);
        return minutes / 60 + " h " + minutes % 60 + " min";
    }
}
