package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.idbench.record.Cost;
import io.idbench.record.RepetitionCost;
import io.idbench.telemetry.CpuSampler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A window's CPU account from the sampler's rows: counters read at the window's edges, others and disturbance. */
class CpuAccountTest {
    @TempDir
    Path dir;

    /**
     * Rows every second: the service at half a core, PostgreSQL at a quarter, others at {@code othersMsPerSecond}; PostgreSQL
     * reads 4 MiB a second from the disk.
     */
    private CpuAccount account(long othersMsPerSecond) throws Exception {
        StringBuilder csv = new StringBuilder(CpuSampler.header());
        for (int t = 0; t <= 10; t++) {
            long service = 500L * t;
            long pg = 250L * t;
            long busy = service + pg + othersMsPerSecond * t;
            csv.append(1000L * t).append(',').append(busy).append(',').append(2000L * t - busy).append(",0,0,").append(1000L * t)
                    .append(',').append(4L * t).append(',').append(4_800_000L * t) // four probes a second, 1.2 ms each
                    .append(',').append(20_000L * t).append(',').append(4_000_000L * t); // 20,000 memory reads a second, 200 ns each
            for (String c : CpuSampler.COMPONENTS) {
                csv.append(',').append(c.equals("service") ? service : c.equals("postgresql") ? pg : 0).append(",0");
            }
            for (String c : CpuSampler.COMPONENTS) {
                csv.append(',').append(c.equals("postgresql") ? (4L << 20) * t : 0);
            }
            csv.append('\n');
        }
        csv.append("11000,1"); // a row cut short when the sampler stopped: ignored
        Path file = dir.resolve("cpu-" + othersMsPerSecond + ".csv");
        Files.writeString(file, csv);
        return CpuAccount.read(file, 2);
    }

    @Test
    void aWindowBetweenRowsIsReadAtItsEdges() throws Exception {
        RepetitionCost w = account(20).over(2500, 4000, 1000, 0);
        assertThat(w.seconds()).isEqualTo(1.5);
        assertThat(w.components().get("service").cpuMs()).isCloseTo(750, within(1e-9));
        assertThat(w.components().get("service").cpuUsPerRequest()).isCloseTo(750, within(1e-9));
        assertThat(w.components().get("postgresql").cpuUsPerRequest()).isCloseTo(375, within(1e-9));
        assertThat(w.components().get("postgresql").readBytes()).as("1.5 s of 4 MiB/s").isCloseTo(6 << 20, within(1e-6));
        assertThat(w.components().get("service").readBytes()).isZero();
        assertThat(w.machine().othersPct()).as("20 ms/s of 2 cores").isEqualTo(1.0);
        assertThat(w.machine().probeUs()).as("the speed probe's CPU µs per run").isEqualTo(1200.0);
        assertThat(w.machine().memoryNs()).as("the memory probe's CPU ns per read").isEqualTo(200.0);
        assertThat(w.disturbed()).isNull();
    }

    @Test
    void othersAboveTheirShareMakeTheWindowDisturbed() throws Exception {
        RepetitionCost w = account(600).over(2000, 6000, 500, 0);
        assertThat(w.machine().othersPct()).isEqualTo(30.0);
        assertThat(w.disturbed()).isEqualTo("other processes used 30.0% of the machine (more than 10%)");
        Cost run = RunCost.of(List.of(w, account(600).over(6000, 9000, 500, 0)), 1);
        assertThat(run.disturbed()).startsWith("other processes used 30.0% of the machine");
        assertThat(run.cpuUsPerRequest().get(RunCost.SYSTEM_UNDER_TEST).value()).as("(750 ms/s x 7 s) / 1000 requests")
                .isCloseTo(5250, within(0.1));
        assertThat(run.diskReadKiBPerRequest()).as("4 MiB/s x 7 s / 1000 requests").containsEntry("postgresql", 28.7)
                .containsEntry("service", 0.0);
    }

    @Test
    void theRowsMustCoverTheWindow() throws Exception {
        CpuAccount a = account(0);
        assertThat(a.covers(0, 10_000)).isTrue();
        assertThat(a.covers(0, 12_000)).isFalse();
    }
}
