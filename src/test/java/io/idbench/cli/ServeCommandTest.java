package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line contract: documented options with defaults, one-line errors, exit codes. */
class ServeCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Idbench.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void helpDocumentsEveryOptionAndItsDefault() {
        // picocli warns on System.err when a description is not a valid format string (a bare %).
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            assertThat(run("serve", "--help")).isZero();
        } finally {
            System.setErr(stderr);
        }
        assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("WARN");
        String help = out.toString();
        for (String option : new String[] {"--storage", "--bind", "--port", "--token", "--admin-user", "--admin-password",
                "--password-hash", "--bcrypt-cost", "--db-url", "--db-user", "--db-password", "--db-pool-size",
                "--pg-shared-buffers", "--max-results", "--max-group-members", "--token-ttl", "--info-file", "--users", "--fresh",
                "--users-csv", "--pg-data-dir"}) {
            assertThat(help).contains(option);
        }
        assertThat(help).contains("default: jsonb").contains("default: 127.0.0.1").contains("default: 0")
                .contains("default: ssha256").contains("default: 20").contains("default: 1000");
    }

    @Test
    void seedDocumentsItsOptionsAndNeedsUsers() {
        assertThat(run("seed", "--help")).isZero();
        assertThat(out.toString()).contains("--users").contains("--fresh").contains("--users-csv").contains("--record")
                .contains("--list").contains("--pg-data-dir").contains("postgres-17)");
        out.getBuffer().setLength(0);
        assertThat(run("seed", "--storage=relational")).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("idbench: seed needs --users=<n> greater than 0");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void invalidParameterFailsWithOneLineBeforeAnythingStarts() {
        assertThat(run("serve", "--storage=mongo")).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("idbench: storage must be one of jsonb, relational, was 'mongo'");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void contradictoryProvidersFailBeforeAnythingStarts() {
        assertThat(run("serve", "--search=sql", "--search-url=http://127.0.0.1:19200")).isEqualTo(2);
        assertThat(err.toString().strip())
                .isEqualTo("idbench: a search url is given, but search is sql; choose elasticsearch or opensearch");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void dynTakesTrueOrFalse() {
        assertThat(run("serve", "--dyn=maybe")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--dyn'");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertThat(run("serve", "--colour=red")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown option: '--colour=red'");
    }

    @Test
    void everyHelpKeepsItsDescriptionLinesWholeWithinTheUsageWidth() {
        for (String command : new String[] {"serve", "seed", "compare", "site", "cpu-sampler"}) {
            out.getBuffer().setLength(0);
            assertThat(run(command, "--help")).isZero();
            assertThat(out.toString().lines()).as(command)
                    .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(Idbench.USAGE_WIDTH));
        }
        assertThat(out.toString()).isNotEmpty();
        out.getBuffer().setLength(0);
        run("compare", "--help");
        assertThat(out.toString()).contains("\nCompares a recorded run with a baseline and says what regressed.\nFigure by figure (p50,"
                + " p95, p99, throughput, the service's time and CPU per request, the system's\nCPU per request");
    }

    @Test
    void topLevelHelpListsServe() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("serve").contains("Starts the identity service under test");
    }
}
