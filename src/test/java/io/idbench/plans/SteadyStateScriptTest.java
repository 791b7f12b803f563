package io.idbench.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.JmeterRuntime;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.Test;

/**
 * steady_state.groovy, the warm-up's detector: its two judgements (a series that stopped moving; a JIT that stopped compiling)
 * and its state per repetition. The whole decision over real windows is played by every plan run (PlanFilesRunTest,
 * BenchmarkLifecycleTest).
 */
class SteadyStateScriptTest {
    private final GroovyScript script;

    SteadyStateScriptTest() throws Exception {
        script = new GroovyScript("steady_state.groovy");
    }

    private boolean flat(List<Double> series, double margin) {
        return (Boolean) script.call("flat", series, margin);
    }

    private boolean quiet(List<Long> jit, long windowMs) {
        return (Boolean) script.call("compiled", jit, windowMs);
    }

    @Test
    void aSeriesIsFlatWhenItsLastThreeWindowsAreWithinTheMarginOfTheThreeBefore() {
        assertThat(flat(List.of(100.0, 100.0, 100.0, 104.0, 104.0, 104.0), 0.05)).isTrue();
        assertThat(flat(List.of(100.0, 100.0, 100.0, 106.0, 106.0, 106.0), 0.05)).isFalse();
        assertThat(flat(List.of(50.0, 60.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0), 0.05)).as("only the last six windows count")
                .isTrue();
        assertThat(flat(List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0), 0.05)).as("no data: flat").isTrue();
    }

    @Test
    void aJitIsQuietWhenItCompiledForLessThanATenthOfTheLastWindows() {
        assertThat(quiet(List.of(1000L, 1100L, 1200L, 1250L), 2000)).as("250 ms over 3 windows of 2 s").isTrue();
        assertThat(quiet(List.of(1000L, 1300L, 1400L, 1700L), 2000)).as("700 ms over 3 windows of 2 s").isFalse();
        assertThat(quiet(List.of(1000L, 1150L), 1000)).as("one window: 150 ms of 1 s").isFalse();
        assertThat(quiet(List.of(1000L, -1L), 1000)).as("a JVM that does not say").isTrue();
        assertThat(quiet(List.of(1000L), 1000)).as("no window yet").isTrue();
    }

    @Test
    void theFirstSampleOfARepetitionStartsItsDetectorAndDecidesNothing() throws Exception {
        Properties props = new Properties();
        props.setProperty("threads", "1");
        JMeterVariables vars = JmeterRuntime.variables();
        vars.put("rep", "3");
        vars.put("side", "A");
        script.run(vars, props);
        @SuppressWarnings("unchecked")
        Map<String, Object> state = (Map<String, Object>) props.get("idbench.warmup.3");
        assertThat(state).as("repetition 3's detector").isNotNull();
        assertThat(state.get("windowStart")).as("its first window starts").isNotEqualTo(0L);
        assertThat((List<?>) state.get("windows")).isEmpty();
        assertThat(state.get("steadyAt")).isEqualTo(0L);
        assertThat(props).doesNotContainKey("idbench.steady.3");
    }

    @Test
    void onceSteadyARepetitionsSamplesAreNoLongerCounted() throws Exception {
        Properties props = new Properties();
        JMeterVariables vars = JmeterRuntime.variables();
        vars.put("rep", "1");
        script.run(vars, props);
        @SuppressWarnings("unchecked")
        Map<String, Object> state = (Map<String, Object>) props.get("idbench.warmup.1");
        state.put("steadyAt", 42L);
        long counted = ((java.util.concurrent.atomic.AtomicLong) state.get("samples")).get();
        script.run(vars, props);
        assertThat(((java.util.concurrent.atomic.AtomicLong) state.get("samples")).get()).isEqualTo(counted);
    }
}
