package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.results.RunRecord;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the start step leaves behind, for a target given by URL, for a build that ends before its record step: no record stays "running". */
class OtherTargetTest {
    @TempDir
    Path tmp;

    private Path record(String status) {
        ObjectNode summary = Json.mapper().createObjectNode().put("status", status).put("scenario", "external").put("runId", "r1");
        RunRecord.write(tmp, summary);
        return tmp.resolve(RunRecord.FILE);
    }

    @Test
    void aRecordStillRunningWhenTheBuildEndsIsInterrupted() {
        OtherTarget.interruptIfStillRunning(record(RunRecord.RUNNING));
        ObjectNode read = RunRecord.read(tmp);
        assertThat(read.path("status").asText()).isEqualTo(RunRecord.INTERRUPTED);
        assertThat(read.path("statusReason").asText()).isEqualTo("the build failed or was stopped before the run was recorded");
        assertThat(read.path("scenario").asText()).isEqualTo("external");
    }

    @Test
    void aRecordedRunIsLeftAlone() {
        OtherTarget.interruptIfStillRunning(record(RunRecord.COMPLETE));
        assertThat(RunRecord.read(tmp).path("status").asText()).isEqualTo(RunRecord.COMPLETE);
        assertThat(RunRecord.read(tmp).has("statusReason")).isFalse();
    }
}
