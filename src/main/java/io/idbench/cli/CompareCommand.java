package io.idbench.cli;

import io.idbench.config.ConfigException;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.results.Comparison;
import io.idbench.results.RunNoise;
import io.idbench.results.RunVerdict;
import io.idbench.results.Verdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code idbench compare}: a recorded run against a baseline; exit 1 when a figure regressed. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares a recorded run with a baseline and says what regressed.",
                "Figure by figure (p50, p95, p99, throughput, the service's time and CPU per request, the system's",
                "CPU per request, per operation): a figure regressed when it is worse by at least --tolerance percent",
                "AND the change is significant, tested against both runs' confidence intervals with all figures",
                "corrected for together (Holm, family-wise --alpha); an error rate above the baseline's is a",
                "regression too. A run disturbed by other processes gets no verdict.",
                "A run or a baseline is a run directory (results/<scenario>/<run-id>) or its summary.json; runs",
                "recorded without intervals fall back to a bare percentage on the point values. Only complete runs.",
                "Exit status: 0 no regression, 1 a regression, 2 a bad argument, 3 no verdict (a disturbed run)."},
        footer = {"", "Example:",
                "  java -jar target/idbench.jar compare results/jsonb-nodyn-1k/20261122-230000 --baseline=baselines/jsonb-nodyn-1k.json"})
public final class CompareCommand implements Callable<Integer> {
    public static final double DEFAULT_TOLERANCE = Verdict.DEFAULT_MIN_EFFECT;
    /** Exit status of a comparison that could not conclude (a disturbed run or baseline). */
    public static final int NO_VERDICT = 3;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<run>", description = "The run: its directory or its summary.json.")
    Path run;

    @Option(names = "--baseline", required = true, paramLabel = "<run or file>",
            description = "The baseline: a run directory, its summary.json, or a file with the same \"labels\".")
    Path baseline;

    @Option(names = "--tolerance", paramLabel = "<percent>", defaultValue = "" + DEFAULT_TOLERANCE,
            description = "The smallest change that counts, in %% of the baseline (default: ${DEFAULT-VALUE}).")
    double tolerance;

    @Option(names = "--alpha", paramLabel = "<p>", defaultValue = "" + Verdict.DEFAULT_ALPHA,
            description = "The chance of a false alarm among all figures compared (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--run-noise", paramLabel = "<percent>",
            description = {"How much a figure moves from one run to the next on this machine, beyond each run's interval, in %%:",
                    "added to both sides' intervals. Default: estimated from the other runs of the scenario recorded beside the",
                    "run (same machine and shape, at least " + RunNoise.MIN_RUNS + "), else " + RunNoise.DEFAULT_PCT + "%%; 0 trusts the"
                            + " intervals alone."})
    Double runNoise;

    @Option(names = "--all", description = "List every figure compared, not only the regressions.")
    boolean all;

    @Override
    public Integer call() throws Exception {
        if (!(tolerance >= 0)) {
            throw new ConfigException("tolerance must be at least 0, was " + tolerance);
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new ConfigException("alpha must be between 0 and 1, was " + alpha);
        }
        RunRecord runSummary = RecordFile.complete(run, "run");
        RunRecord baseSummary = RecordFile.complete(baseline, "baseline");
        if (runNoise != null && !(runNoise >= 0)) {
            throw new ConfigException("run noise must be at least 0, was " + runNoise);
        }
        RunNoise noise = runNoise != null ? RunNoise.fixed(runNoise, "--run-noise")
                : RunNoise.estimate(RunNoise.comparable(RecordFile.siblings(run), runSummary, List.of(runSummary, baseSummary)),
                        (runSummary.scenario() == null ? "the scenario" : runSummary.scenario()) + " on this machine");
        RunVerdict.Outcome outcome = RunVerdict.judge(baseSummary, runSummary, tolerance, alpha, all, noise);
        if (outcome.kind() != RunVerdict.Kind.NO_VERDICT && outcome.changes().isEmpty() && outcome.deltas().isEmpty()) {
            throw new ConfigException("the run and the baseline have no label in common");
        }
        PrintWriter out = spec.commandLine().getOut();
        Comparison.shapeDifferences(baseSummary, runSummary)
                .forEach(d -> out.println("note: " + d));
        outcome.lines().forEach(out::println);
        out.println(outcome.summary());
        out.flush();
        return switch (outcome.kind()) {
            case NO_REGRESSION -> 0;
            case REGRESSED -> 1;
            case NO_VERDICT -> NO_VERDICT;
        };
    }
}
