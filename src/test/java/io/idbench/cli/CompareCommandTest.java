package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code idbench compare} as a script runs it: exit 0 unchanged, 1 on a regression (listed), 2 on a bad argument. */
class CompareCommandTest {
    @TempDir
    Path dir;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int compare(String... args) {
        CommandLine cl = Idbench.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        return cl.execute(all);
    }

    private Path run(String name, String status, double p95, double throughput) throws Exception {
        Path run = dir.resolve(name);
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
        assertThat(out.toString()).isEqualTo("No regression beyond 20% (10 figures compared)\n");
    }

    @Test
    void anInjectedRegressionExitsOneAndSaysWhichOperationByHowMuch() throws Exception {
        Path base = run("base", "complete", 10, 100);
        assertThat(compare(run("slow", "complete", 13, 100).toString(), "--baseline=" + base.resolve("summary.json"))).isEqualTo(1);
        assertThat(out.toString()).isEqualTo(
                "Create new user              p95             10.00 ->      13.00    +30.0%  REGRESSION\n"
                        + "ALL                          p95             10.00 ->      13.00    +30.0%  REGRESSION\n"
                        + "2 of 10 figures regressed beyond 20%\n");
        // A wider tolerance lets it pass.
        assertThat(compare(dir.resolve("slow").toString(), "--baseline=" + base, "--tolerance=35")).isZero();
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
