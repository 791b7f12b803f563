package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code idbench compare} as a script runs it: exit 0 unchanged, 1 on a regression (listed), 2 on a bad argument. */
class CompareCommandTest {
    /** Runs are recorded as results/<scenario>/<run-id>: the scenario is the directory's. */
    private static final String SCENARIO = "jsonb-nodyn-1k";

    @TempDir
    Path dir;
    private final CommandRun cli = new CommandRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int compare(String... args) {
        return cli.execute("compare", args);
    }

    private Path run(String name, String status, double p95, double throughput) throws Exception {
        Path run = dir.resolve(SCENARIO).resolve(name);
        Files.createDirectories(run);
        Files.writeString(run.resolve("summary.json"), "{\"status\": \"" + status + "\", \"parameters\": {\"threads\": \"10\"},"
                + " \"labels\": {\"Create new user\": {\"p50\": 5, \"p95\": " + p95 + ", \"p99\": 20, \"throughput\": " + throughput
                + ", \"errorRate\": 0}, \"ALL\": {\"p50\": 5, \"p95\": " + p95 + ", \"p99\": 20, \"throughput\": " + throughput * 6
                + ", \"errorRate\": 0}}}");
        return run;
    }

    @Test
    void anUnchangedRunPasses() throws Exception {
        Path base = run("base", "complete", 10, 100);
        assertThat(compare(run("same", "complete", 10, 100).toString(), "--baseline=" + base)).isZero();
        assertThat(out.toString()).isEqualTo("No regression beyond 5% (10 figures compared) (no intervals recorded on the run:"
                + " a bare percentage on the point values)\n");
    }

    @Test
    void anInjectedRegressionExitsOneAndSaysWhichOperationByHowMuch() throws Exception {
        Path base = run("base", "complete", 10, 100);
        assertThat(compare(run("slow", "complete", 13, 100).toString(), "--baseline=" + base.resolve("summary.json"))).isEqualTo(1);
        assertThat(out.toString()).isEqualTo(
                "Create new user              p95             10.00 ->      13.00    +30.0%  REGRESSION\n"
                        + "ALL                          p95             10.00 ->      13.00    +30.0%  REGRESSION\n"
                        + "2 of 10 figures regressed beyond 5% (no intervals recorded on the run: a bare percentage on the point values)\n");
        // A wider tolerance lets it pass.
        assertThat(compare(dir.resolve(SCENARIO).resolve("slow").toString(), "--baseline=" + base, "--tolerance=35")).isZero();
    }

    /** A run recorded with intervals: the ALL p95 and throughput, each known to {@code logSe}. */
    private Path measured(String name, double p95, double throughput, double logSe, String disturbed) throws Exception {
        return measured(name, p95, throughput, logSe, disturbed, 1.0);
    }

    /** … on a machine whose speed probe took {@code probeUs}. */
    private Path measured(String name, double p95, double throughput, double logSe, String disturbed, double probeUs) throws Exception {
        Path run = dir.resolve(SCENARIO).resolve(name);
        Files.createDirectories(run);
        Files.writeString(run.resolve("summary.json"), "{\"status\": \"complete\", \"runId\": \"" + name + "\", " + (disturbed == null
                ? "" : "\"disturbed\": \"" + disturbed + "\", ") + "\"cost\": {\"machine\": {\"probeUs\": " + probeUs
                + "}}, \"labels\": {\"ALL\": {\"p95\": " + p95 + ", \"throughput\": " + throughput
                + ", \"errorRate\": 0}}, \"intervals\": {\"ALL\": {\"p95\": {\"value\": " + p95 + ", \"logSe\": " + logSe
                + "}, \"throughput\": {\"value\": " + throughput + ", \"logSe\": " + logSe + "}}}}");
        return run;
    }

    @Test
    void withIntervalsARegressionMustBeBigEnoughAndSignificant() throws Exception {
        Path base = measured("base", 10, 1000, 0.01, null);
        // +8 % on a figure known to 1 % (intervals alone: --run-noise=0): significant and beyond 5 %.
        assertThat(compare(measured("slow", 10.8, 1000, 0.01, null).toString(), "--baseline=" + base, "--run-noise=0")).isEqualTo(1);
        assertThat(out.toString()).contains("ALL                          p95              10.000 ->     10.800     +8.0% [+5.0%, +11.0%]"
                + "  p=0.0000  REGRESSION").endsWith("1 of 3 figures regressed: worse by at least 5% and significant (Holm, family-wise"
                        + " alpha 0.05; intervals between runs: each run's own with the run-to-run noise 0% (--run-noise)), or more errors\n");
        // The same +8 % on a figure known to 10 % only: within the noise.
        assertThat(compare(measured("noisy", 10.8, 1000, 0.1, null).toString(), "--baseline=" + measured("noisybase", 10, 1000, 0.1, null),
                "--run-noise=0")).isZero();
        assertThat(out.toString()).contains("No regression: none of 3 figures worse by at least 5%");
    }

    @Test
    void twoSeparateRunsCarryTheMachinesRunToRunNoise() throws Exception {
        Path base = measured("base", 10, 1000, 0.01, null);
        Path slow = measured("slow", 10.8, 1000, 0.01, null);
        // Fewer than four other runs beside them: the default noise of 8 % hides an 8 % change.
        assertThat(compare(slow.toString(), "--baseline=" + base)).isZero();
        assertThat(out.toString())
                .endsWith("run-to-run noise the default 8% (0 other runs of jsonb-nodyn-1k on this machine, fewer than 4)),"
                        + " or more errors\n");
        // Four more runs of the same scenario that agree to 1 %: the noise is small, the change stands out.
        for (int i = 0; i < 4; i++) {
            measured("steady-" + i, 10 * (1 + 0.01 * (i - 1.5)), 1000 * (1 - 0.01 * (i - 1.5)), 0.01, null);
        }
        assertThat(compare(slow.toString(), "--baseline=" + base)).isEqualTo(1);
        assertThat(out.toString()).contains("REGRESSION").endsWith("run-to-run noise estimated from 4 other runs of jsonb-nodyn-1k on this"
                + " machine, per figure, at least the median figure's 1.1%), or more errors\n");
    }

    @Test
    void aDisturbedRunGetsNoVerdict() throws Exception {
        Path base = measured("base", 10, 1000, 0.01, null);
        assertThat(compare(measured("busy", 20, 500, 0.01, "other processes used 31.0% of the machine").toString(),
                "--baseline=" + base)).isEqualTo(CompareCommand.NO_VERDICT);
        assertThat(out.toString()).isEqualTo("No verdict: the run was disturbed (other processes used 31.0% of the machine)\n");
    }

    @Test
    void runsOnAMachineOfAnotherSpeedAreNotCompared() throws Exception {
        Path base = measured("base", 10, 1000, 0.01, null, 1.00);
        assertThat(compare(measured("slowcpu", 12, 800, 0.01, null, 1.20).toString(), "--baseline=" + base))
                .isEqualTo(CompareCommand.NO_VERDICT);
        assertThat(out.toString()).isEqualTo("No verdict: the machine's CPU ran 20.0% slower than during the baseline (the speed probe"
                + " took 1.20 against 1.00 µs): the figures are not comparable\n");
    }

    @Test
    void onlyCompleteRunsAreCompared() throws Exception {
        Path base = run("base", "complete", 10, 100);
        Path broken = run("broken", "interrupted", 10, 100);
        assertThat(compare(broken.toString(), "--baseline=" + base)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("idbench: the run " + broken.resolve("summary.json")
                + " is interrupted: only complete runs are compared\n");
    }

    @Test
    void aMissingBaselineOrANegativeToleranceIsABadArgument() throws Exception {
        Path run = run("run", "complete", 10, 100);
        assertThat(compare(run.toString(), "--baseline=" + dir.resolve("nope"))).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("idbench: the baseline " + dir.resolve("nope") + " has no summary.json\n");
        assertThat(compare(run.toString(), "--baseline=" + run, "--tolerance=-1")).isEqualTo(2);
        assertThat(err.toString()).endsWith("idbench: tolerance must be at least 0, was -1.0\n");
    }
}
