package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the start step leaves behind, for a target given by URL, for a build that ends before its record step: no record stays "running". */
class OtherTargetTest {
    @TempDir
    Path tmp;

    private Path record(RunStatus status) {
        RecordFile.write(tmp,
                RunRecord.opened("external", "r1", "2026-11-26T00:00:00Z", Map.of(), Map.of(), null, null).withStatus(status));
        return tmp.resolve(RecordFile.NAME);
    }

    @Test
    void aRecordStillRunningWhenTheBuildEndsIsInterrupted() {
        OtherTarget.interruptIfStillRunning(record(RunStatus.RUNNING));
        RunRecord read = RecordFile.read(tmp);
        assertThat(read.status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(read.statusReason()).isEqualTo("the build failed or was stopped before the run was recorded");
        assertThat(read.scenario()).isEqualTo("external");
    }

    @Test
    void aRecordedRunIsLeftAlone() {
        OtherTarget.interruptIfStillRunning(record(RunStatus.COMPLETE));
        assertThat(RecordFile.read(tmp).status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(RecordFile.read(tmp).statusReason()).isNull();
    }
}
