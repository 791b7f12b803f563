package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Repetition;
import io.idbench.record.RunRecord;
import io.idbench.record.Side;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One side's record from a JTL of two sides, a settling repetition and three measured ones each, without the Maven build:
 * what is pooled, what is kept apart, what a side does not see of the other.
 */
class MeasurementTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,phase,serverMs,serverCpuMs,rep,side\n";

    @TempDir
    Path dir;

    /** Side A's repetitions take 4 ms a request (the settling one 40), side B's 8; ten reads a repetition, one thread. */
    private Map<RunStatistics.Part, RunStatistics.Result> parts() throws Exception {
        StringBuilder s = new StringBuilder(HEADER);
        long t = 10_000;
        for (int rep = 0; rep <= 3; rep++) {
            for (Side side : Side.values()) {
                String phase = rep == 0 ? RunStatistics.SETTLE : RunStatistics.MEASURE;
                long elapsed = rep == 0 ? 40 : side == Side.A ? 4 : 8;
                for (int i = 0; i < 10; i++) {
                    s.append(t).append(',').append(elapsed).append(",read,200,OK,t 1-1,text,true,,1,1,1,1,u,1,0,0,").append(phase)
                            .append(",1.5,0.25,").append(rep).append(',').append(side).append('\n');
                    t += 100;
                }
            }
        }
        Path jtl = dir.resolve("run.csv");
        Files.writeString(jtl, s);
        return RunStatistics.byPart(jtl, 1);
    }

    @Test
    void aSidePoolsItsMeasuredRepetitionsAndKeepsItsSettlingOneApart() throws Exception {
        Measurement a = Measurement.of(parts(), Side.A, new WarmUpReports(dir.resolve("no-reports")), null, 42);
        assertThat(a.settling()).extracting(Repetition::repetition).containsExactly(0);
        assertThat(a.settling().get(0).figure("read", "p50")).as("the settling repetition's own figure").isEqualTo(40);
        assertThat(a.repetitions()).extracting(Repetition::repetition).containsExactly(1, 2, 3);
        assertThat(a.labels().get("read")).containsEntry("samples", 30.0).containsEntry("errors", 0.0).containsEntry("p50", 4.0);
        assertThat(a.intervals().get(RunRecord.ALL)).containsKeys("p50", "p95", "throughput", "serverP50", "serverCpuUs");
        assertThat(a.spread().get("read").get("p50").spreadPct()).isZero();
        assertThat(a.repetitions()).filteredOn(r -> !r.distributions().isEmpty()).extracting(Repetition::repetition)
                .as("only the last keeps its distribution").containsExactly(3);
        assertThat(a.cost()).as("no CPU sampler, no cost").isNull();
        assertThat(a.statistics().repetitions()).isEqualTo(3);
        assertThat(a.problems(3)).isEmpty();
        assertThat(a.problems(4)).containsExactly("JMeter measured 3 of 4 repetitions");
    }

    @Test
    void aSideSeesNothingOfTheOther() throws Exception {
        Measurement b = Measurement.of(parts(), Side.B, new WarmUpReports(dir), null, 42);
        assertThat(b.labels().get("read")).containsEntry("p50", 8.0).containsEntry("samples", 30.0);
        RunRecord recorded = b.into(RunRecord.opened("s", "r", "2026-11-26T08:00:00Z", Map.of(), Map.of(), null, null));
        assertThat(recorded.repetitions()).hasSize(3);
        assertThat(recorded.figure("read", "p50")).isEqualTo(8);
        assertThat(recorded.disturbed()).isNull();
    }
}
