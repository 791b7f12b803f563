package io.idbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.results.Comparison;
import io.idbench.service.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code idbench compare}: a recorded run against a baseline; exit 1 when an operation regressed past the tolerance. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares a recorded run with a baseline, label by label: p50, p95 and p99 that grew, or a throughput",
                "that fell, by more than --tolerance percent, and an error rate above the baseline's, are regressions.",
                "A run or a baseline is a run directory (results/<scenario>/<run-id>) or its summary.json; a committed",
                "baseline file only needs the same \"labels\" object. Only complete runs are compared.",
                "Exit status: 0 no regression, 1 a regression, 2 a bad argument."},
        footer = {"", "Example:",
                "  java -jar target/idbench.jar compare results/jsonb-nodyn-1k/20261122-230000 --baseline=baselines/jsonb-nodyn-1k.json"})
public final class CompareCommand implements Callable<Integer> {
    public static final double DEFAULT_TOLERANCE = Comparison.DEFAULT_TOLERANCE;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<run>", description = "The run: its directory or its summary.json.")
    Path run;

    @Option(names = "--baseline", required = true, paramLabel = "<run or file>",
            description = "The baseline: a run directory, its summary.json, or a file with the same \"labels\".")
    Path baseline;

    @Option(names = "--tolerance", paramLabel = "<percent>", defaultValue = "" + DEFAULT_TOLERANCE,
            description = "How much worse a figure may be, in %% of the baseline (default: ${DEFAULT-VALUE}).")
    double tolerance;

    @Option(names = "--all", description = "List every figure compared, not only the regressions.")
    boolean all;

    @Override
    public Integer call() throws Exception {
        if (!(tolerance >= 0)) {
            throw new io.idbench.config.ConfigException("tolerance must be at least 0, was " + tolerance);
        }
        JsonNode runSummary = summary(run, "run");
        JsonNode baseSummary = summary(baseline, "baseline");
        List<Comparison.Delta> deltas = new Comparison(tolerance).compare(baseSummary.path("labels"), runSummary.path("labels"));
        if (deltas.isEmpty()) {
            throw new io.idbench.config.ConfigException("the run and the baseline have no label in common");
        }
        PrintWriter out = spec.commandLine().getOut();
        Comparison.shapeDifferences(baseSummary.path("parameters"), runSummary.path("parameters"))
                .forEach(d -> out.println("note: " + d));
        List<Comparison.Delta> regressions = deltas.stream().filter(Comparison.Delta::regression).toList();
        for (Comparison.Delta d : all ? deltas : regressions) {
            out.println(d.line());
        }
        out.println(regressions.isEmpty()
                ? "No regression beyond " + trim(tolerance) + "% (" + deltas.size() + " figures compared)"
                : regressions.size() + " of " + deltas.size() + " figures regressed beyond " + trim(tolerance) + "%");
        out.flush();
        return regressions.isEmpty() ? 0 : 1;
    }

    /** A run directory or a JSON file with "labels"; a run must be complete. */
    public static JsonNode summary(Path path, String what) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve("summary.json") : path;
        if (!Files.isRegularFile(file)) {
            throw new io.idbench.config.ConfigException("the " + what + " " + path + " has no summary.json");
        }
        JsonNode json = Json.mapper().readTree(file.toFile());
        String status = json.path("status").asText("complete");
        if (!status.equals("complete")) {
            throw new io.idbench.config.ConfigException("the " + what + " " + file + " is " + status
                    + ": only complete runs are compared");
        }
        if (!json.path("labels").isObject()) {
            throw new io.idbench.config.ConfigException("the " + what + " " + file + " has no \"labels\" object");
        }
        return json;
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
