package io.idbench.plans.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.support.JmeterRuntime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up's detector: its two judgements (a series that stopped moving; a JIT that stopped compiling), its state per
 * repetition, and a whole decision over windows played on a clock of the test's, with the report the run reads.
 */
class SteadyStateDetectorTest {
    private static final long T0 = 1_800_000_000_000L;
    private final Properties props = new Properties();
    private final JMeterVariables vars = JmeterRuntime.variables();
    private long jmeterJit = 1000;
    private long serviceJit = 5000;
    private final SteadyStateDetector.Jits jits = new SteadyStateDetector.Jits() {
        @Override
        public long jmeter() {
            return jmeterJit;
        }

        @Override
        public long service(JMeterVariables v, Properties p) {
            return serviceJit;
        }
    };

    @TempDir
    Path reports;

    SteadyStateDetectorTest() {
        props.setProperty("threads", "2");
        vars.put("rep", "3");
        vars.put("side", "A");
    }

    private WarmUp state() {
        return (WarmUp) props.get(SteadyStateDetector.STATE + "3");
    }

    /** {@code perWindow} samples of 2 running threads in each 2 s window, each with the service's 0.5 ms of CPU. */
    private void windows(int count, int perWindow, long from) {
        for (int w = 0; w < count; w++) {
            for (int i = 0; i < perWindow; i++) {
                vars.put("serverCpuMs", "0.5");
                SteadyStateDetector.observe(vars, props, from + w * 2000L + i, 2, "Thread 1-1", jits);
            }
        }
    }

    @Test
    void aSeriesIsFlatWhenItsLastThreeWindowsAreWithinTheMarginOfTheThreeBefore() {
        assertThat(WarmUp.flat(List.of(100.0, 100.0, 100.0, 104.0, 104.0, 104.0), 0.05)).isTrue();
        assertThat(WarmUp.flat(List.of(100.0, 100.0, 100.0, 106.0, 106.0, 106.0), 0.05)).isFalse();
        assertThat(WarmUp.flat(List.of(50.0, 60.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0), 0.05))
                .as("only the last six windows count").isTrue();
        assertThat(WarmUp.flat(List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0), 0.05)).as("no data: flat").isTrue();
    }

    @Test
    void aJitIsQuietWhenItCompiledForLessThanATenthOfTheLastWindows() {
        assertThat(WarmUp.quiet(List.of(1000L, 1100L, 1200L, 1250L), 2000)).as("250 ms over 3 windows of 2 s").isTrue();
        assertThat(WarmUp.quiet(List.of(1000L, 1300L, 1400L, 1700L), 2000)).as("700 ms over 3 windows of 2 s").isFalse();
        assertThat(WarmUp.quiet(List.of(1000L, 1150L), 1000)).as("one window: 150 ms of 1 s").isFalse();
        assertThat(WarmUp.quiet(List.of(1000L, -1L), 1000)).as("a JVM that does not say").isTrue();
        assertThat(WarmUp.quiet(List.of(1000L), 1000)).as("no window yet").isTrue();
    }

    @Test
    void theFirstSampleOfARepetitionStartsItsDetectorAndDecidesNothing() {
        SteadyStateDetector.observe(vars, props, T0, 2, "Thread 1-1", jits);
        assertThat(state().windowStart).as("its first window starts").isEqualTo(T0);
        assertThat(state().windows).isEmpty();
        assertThat(state().jmeterJit).containsExactly(1000L);
        assertThat(props).doesNotContainKey("idbench.steady.3");
    }

    @Test
    void windowsCountOnlyOnceEveryThreadRuns() {
        SteadyStateDetector.observe(vars, props, T0, 2, "Thread 1-1", jits);
        SteadyStateDetector.observe(vars, props, T0 + 2000, 1, "Thread 1-1", jits);
        assertThat(state().windows).as("a thread still ramping up").isEmpty();
        assertThat(state().windowStart).isEqualTo(T0 + 2000);
    }

    @Test
    void steadyWindowsWithQuietJitsEndTheWarmUpAndReportIt() throws Exception {
        props.setProperty("warmup.report.dir", reports.toString());
        SteadyStateDetector.observe(vars, props, T0, 2, "Thread 1-1", jits);
        windows(7, 100, T0 + 2000);
        assertThat(props).containsEntry("idbench.steady.3", "true").containsEntry("idbench.wasSteady.A", "true");
        JsonNode report = new ObjectMapper().readTree(Files.readString(reports.resolve("warmup-3.json")));
        assertThat(report.path("steady").asBoolean()).isTrue();
        assertThat(report.path("allThreadsAt").asLong()).isEqualTo(T0);
        assertThat(report.path("windowSeconds").asDouble()).isEqualTo(2.0);
        assertThat(report.path("marginPct").asDouble()).isEqualTo(5.0);
        // The sample that ends a window is counted in it: the first window holds only that one (0.5/s), then six of 100.
        assertThat(report.path("windows").toString()).isEqualTo("[0.5,50.0,50.0,50.0,50.0,50.0,50.0]");
        assertThat(report.path("serviceCpuUs")).allSatisfy(c -> assertThat(c.asDouble()).isEqualTo(500.0));
        long counted = state().samples.get();
        windows(1, 10, T0 + 20_000);
        assertThat(state().samples.get()).as("once steady, no sample is counted").isEqualTo(counted);
    }

    @Test
    void aBusyJitKeepsTheWarmUpGoingThoughTheThroughputIsFlat() {
        SteadyStateDetector.observe(vars, props, T0, 2, "Thread 1-1", jits);
        for (int w = 0; w < 8; w++) {
            jmeterJit += 1000; // half of every 2 s window compiling
            windows(1, 100, T0 + 2000 + w * 2000L);
        }
        assertThat(state().windows).hasSizeGreaterThanOrEqualTo(6);
        assertThat(props).doesNotContainKey("idbench.steady.3");
    }

    @Test
    void aSideSteadyBeforeIsSteadyAfterOneQuietWindowOfRewarm() {
        props.setProperty("idbench.wasSteady.A", "true");
        props.setProperty("rewarm", "1");
        SteadyStateDetector.observe(vars, props, T0, 2, "Thread 1-1", jits);
        SteadyStateDetector.observe(vars, props, T0 + 1000, 2, "Thread 1-1", jits);
        assertThat(props).containsEntry("idbench.steady.3", "true");
    }

    @Test
    void aRemoteEnginesReportIsItsOwn() {
        props.setProperty("warmup.report.dir", reports.toString());
        props.setProperty("idbench.wasSteady.A", "true");
        SteadyStateDetector.observe(vars, props, T0, 2, "10.0.0.2:1099-Thread 1-1", jits);
        SteadyStateDetector.observe(vars, props, T0 + 1000, 2, "10.0.0.2:1099-Thread 1-1", jits);
        assertThat(reports.resolve("warmup-3@10.0.0.2_1099.json")).exists();
    }
}
