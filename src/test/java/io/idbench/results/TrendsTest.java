package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Environment;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A step in a history is put down to where the code changed, or to the machine when it did not. */
class TrendsTest {
    private static RecordedRun run(String id, String commit, Boolean dirty, String changes, String postgresql) {
        Environment env = new Environment("CPU", 2, 1L << 30, null, "JDK 17", null, commit, dirty, changes, null, postgresql, null);
        RunRecord r = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).scenario("jsonb-nodyn-1k").runId(id)
                .environment(env).build();
        return new RecordedRun(Path.of(id), r);
    }

    private static List<RecordedRun> history(String... commits) {
        List<RecordedRun> runs = new ArrayList<>();
        for (int i = 0; i < commits.length; i++) {
            runs.add(run("r" + i, commits[i], false, null, "16.4"));
        }
        return runs;
    }

    @Test
    void aStepWhereTheCommitChangedNamesTheCommits() {
        List<RecordedRun> runs = history("aaaaaaa1", "aaaaaaa1", "bbbbbbb2", "bbbbbbb2");
        assertThat(Trends.codeChangeNear(runs, 2)).isEqualTo("aaaaaaa..bbbbbbb");
    }

    @Test
    void aStepPlacedOneRunOffTheCommitIsStillTheCommits() {
        List<RecordedRun> runs = history("aaaaaaa1", "aaaaaaa1", "bbbbbbb2", "bbbbbbb2", "bbbbbbb2", "bbbbbbb2");
        assertThat(Trends.codeChangeNear(runs, 3)).isEqualTo("aaaaaaa..bbbbbbb");
        assertThat(Trends.codeChangeNear(runs, 1)).isEqualTo("aaaaaaa..bbbbbbb");
    }

    @Test
    void aStepAmongRunsOfOneCodeIsTheMachines() {
        assertThat(Trends.codeChangeNear(history("aaaaaaa1", "aaaaaaa1", "aaaaaaa1", "aaaaaaa1", "aaaaaaa1"), 2)).isNull();
    }

    @Test
    void otherUncommittedChangesANewServerVersionOrAnUnknownCommitAreChanges() {
        assertThat(Trends.changeBetween(run("a", "c1c1c1c1", true, "111111111111", "16.4"),
                run("b", "c1c1c1c1", true, "222222222222", "16.4"))).isEqualTo("c1c1c1c..c1c1c1c (other uncommitted changes)");
        assertThat(Trends.changeBetween(run("a", "c1c1c1c1", false, null, "16.4"), run("b", "c1c1c1c1", false, null, "16.6")))
                .isEqualTo("PostgreSQL 16.4 → 16.6");
        assertThat(Trends.changeBetween(run("a", null, null, null, "16.4"), run("b", null, null, null, "16.4")))
                .isEqualTo("an unknown commit");
        assertThat(Trends.changeBetween(run("a", "c1c1c1c1", true, null, "16.4"), run("b", "c1c1c1c1", true, null, "16.4")))
                .as("older records of one commit with changes").isNull();
    }
}
