package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.common.Json;
import org.junit.jupiter.api.Test;

/** Which runs are one machine's: the hardware, and the name a run was given (two agents of one hardware stay apart). */
class RunSummaryTest {
    private static RunSummary run(String machine) throws Exception {
        return RunSummary.of(Json.mapper().readTree("{\"environment\":{\"cpus\":2,\"cpuModel\":\"AMD EPYC 9B14\",\"memoryBytes\":"
                + (24L << 30) + "},\"parameters\":{" + (machine == null ? "" : "\"machine\":\"" + machine + "\"") + "}}"));
    }

    @Test
    void aRunWithoutANameIsItsHardware() throws Exception {
        assertThat(run(null).machine()).isEqualTo("2 x AMD EPYC 9B14, 24 GiB");
        assertThat(run("").machine()).isEqualTo("2 x AMD EPYC 9B14, 24 GiB");
    }

    @Test
    void aNamedRunIsItsNameOnItsHardware() throws Exception {
        assertThat(run("agent-2").machine()).isEqualTo("agent-2 (2 x AMD EPYC 9B14, 24 GiB)").isNotEqualTo(run("agent-3").machine());
    }
}
