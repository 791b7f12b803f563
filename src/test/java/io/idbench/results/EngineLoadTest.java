package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.idbench.record.JmeterEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each engine's share of a distributed run: the samples its statistics counted, and its own CPU over its measured window. */
class EngineLoadTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,\"phase\",\"serverMs\",\"serverCpuMs\","
            + "\"rep\",\"side\",\"engineCpuMs\",\"engineCores\"\n";

    @TempDir
    Path dir;

    private static String sample(long at, String thread, String phase, long engineCpuMs) {
        return at + ",10,read,200,OK," + thread + ",text,true,,1,1,1,1,u,1,0,0," + phase + ",1.0,0.1,1,A," + engineCpuMs + ",2\n";
    }

    @Test
    void eachEnginesSamplesAddUpToTheRunsAndItsCpuIsReadOverItsWindow() throws Exception {
        StringBuilder s = new StringBuilder(HEADER);
        s.append(sample(500, "127.0.0.1:1099-Readers 1-1", "warmup", 100)); // a warm-up sample: neither counted nor its CPU
        // Engine 1099: 4 measured samples from 1000 to 2010 ms, its CPU read at 400 and 900 ms: 500 ms over 1.01 s.
        for (int i = 0; i < 4; i++) {
            s.append(sample(1000 + 333L * i + (i == 3 ? 11 : 0), "127.0.0.1:1099-Readers 1-1", "measure", i < 2 ? 400 : 900));
        }
        // Engine 1109: 2 samples, 1000 to 1510 ms, one CPU reading only: 0 ms.
        s.append(sample(1000, "127.0.0.1:1109-Readers 1-1", "measure", 50));
        s.append(sample(1500, "127.0.0.1:1109-Readers 1-1", "measure", 50));
        Path jtl = dir.resolve("two-engines.csv");
        Files.writeString(jtl, s);

        Map<RunStatistics.Part, RunStatistics.Result> parts = RunStatistics.byPart(jtl, 1);
        Map<String, JmeterEngine> engines = EngineLoad.of(parts.values());
        assertThat(engines).containsOnlyKeys("127.0.0.1:1099", "127.0.0.1:1109");
        assertThat(EngineLoad.distributed(engines)).isTrue();
        JmeterEngine first = engines.get("127.0.0.1:1099");
        assertThat(first.samples()).isEqualTo(4);
        assertThat(first.measuredSeconds()).isCloseTo(1.02, within(1e-9));
        assertThat(first.cpuMs()).isEqualTo(500.0);
        assertThat(first.cpuPctOfOneCore()).isCloseTo(100 * 500 / 1020.0, within(1e-9));
        assertThat(first.cpuUsPerRequest()).isEqualTo(125_000.0);
        assertThat(first.cores()).isEqualTo(2);
        assertThat(engines.get("127.0.0.1:1109").samples() + first.samples())
                .isEqualTo(parts.values().iterator().next().labels().get(RunStatistics.ALL).samples());
    }

    @Test
    void theBuildsOwnJmeterIsOneLocalEngineNotADistributedRun() throws Exception {
        Path jtl = dir.resolve("local.csv");
        Files.writeString(jtl, HEADER + sample(1000, "Readers 1-1", "measure", 10) + sample(1100, "Readers 1-2", "measure", 20));
        Map<String, JmeterEngine> engines = EngineLoad.of(RunStatistics.byPart(jtl, 1).values());
        assertThat(engines).containsOnlyKeys(JtlSample.LOCAL_ENGINE);
        assertThat(engines.get(JtlSample.LOCAL_ENGINE).samples()).isEqualTo(2);
        assertThat(EngineLoad.distributed(engines)).isFalse();
    }
}
