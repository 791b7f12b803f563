package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record whose build was killed outright (nothing left to mark it) is marked interrupted by the next build, saying so; a
 * record whose build still runs, and every finished one, is left as it is.
 */
class RunOwnerTest {
    @TempDir
    Path results;
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);

    private Path record(String runId, RunStatus status) {
        Path dir = results.resolve("jsonb-nodyn-1k").resolve(runId);
        RecordFile.write(dir, RunRecord.opened("jsonb-nodyn-1k", runId, "2026-11-27T06:00:00Z", Map.of(), Map.of(), null, null)
                .withStatus(status));
        return dir;
    }

    /** A pid no process of this machine can have (above Linux's largest, 2^22): a build that is gone, without starting one. */
    private static final long GONE_PID = Integer.MAX_VALUE;

    @Test
    void aRecordLeftByAKilledBuildIsMarkedInterruptedAndOneStillRunningIsLeftAlone() throws Exception {
        Path killed = record("killed", RunStatus.MEASURED);
        Path running = record("running", RunStatus.RUNNING);
        Path complete = record("complete", RunStatus.COMPLETE);
        RunOwner.claim(running, ProcessHandle.current());
        RunOwner.claim(complete, ProcessHandle.current());
        assertThat(RunOwner.sweep(results, out)).as("every build still runs").isEmpty();

        Files.writeString(killed.resolve(RunOwner.FILE), GONE_PID + " 2026-11-27T06:00:00Z\n");
        Files.writeString(complete.resolve(RunOwner.FILE), GONE_PID + " 2026-11-27T06:00:00Z\n");
        assertThat(RunOwner.sweep(results, out)).containsExactly(killed);
        RunRecord r = RecordFile.read(killed);
        assertThat(r.status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(r.statusReason()).isEqualTo("the build that ran it (pid " + GONE_PID + ") ended before it recorded the run"
                + " (it had measured it): killed, or the machine stopped");
        assertThat(said.toString(StandardCharsets.UTF_8)).isEqualTo("[idbench] " + Path.of("jsonb-nodyn-1k", "killed")
                + " was left measured by a build that is gone: recorded as interrupted" + System.lineSeparator());
        assertThat(RecordFile.read(running).status()).isEqualTo(RunStatus.RUNNING);
        assertThat(RecordFile.read(complete).status()).as("finished: its build may go").isEqualTo(RunStatus.COMPLETE);
        assertThat(RunOwner.sweep(results, out)).as("once").isEmpty();
    }

    @Test
    void aPidTakenSinceByAnotherProcessIsNotTheBuild() throws Exception {
        Path dir = record("reused-pid", RunStatus.RUNNING);
        Files.writeString(dir.resolve(RunOwner.FILE), ProcessHandle.current().pid() + " 2001-01-01T00:00:00Z\n");
        assertThat(RunOwner.gone(dir)).contains(ProcessHandle.current().pid());
        RunOwner.claim(dir, ProcessHandle.current());
        assertThat(RunOwner.gone(dir)).isEmpty();
    }

    @Test
    void aRecordThatSaysNothingOfItsBuildIsLeftAlone() {
        Path dir = record("older", RunStatus.RUNNING);
        assertThat(RunOwner.gone(dir)).isEmpty();
        assertThat(RunOwner.sweep(results, out)).isEmpty();
        assertThat(RunOwner.sweep(results.resolve("none"), out)).as("no results yet").isEmpty();
    }
}
