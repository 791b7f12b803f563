package io.idbench.plans.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.JmeterRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.Test;

/** Where each thread's repetition starts, which side it measures and against which target. */
class RepetitionStartTest {
    private final Properties props = new Properties();
    private final JMeterVariables vars = JmeterRuntime.variables();

    private int thread;

    private List<String> repetitions(int count) {
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            RepetitionStart.start(vars, props, thread);
            seen.add(vars.get("rep") + " " + vars.get("side") + " " + vars.get("measurePhase") + " " + vars.get("targetHost"));
        }
        return seen;
    }

    @Test
    void withoutAScheduleEveryRepetitionMeasuresSideA() {
        props.setProperty("target.host", "127.0.0.1");
        assertThat(repetitions(3)).containsExactly("1 A measure 127.0.0.1", "2 A measure 127.0.0.1", "3 A measure 127.0.0.1");
        assertThat(vars.get("sideTag")).isEqualTo("a");
        assertThat(vars.get("tokenRefreshAt")).as("no token endpoint: never").isEqualTo(String.valueOf(Long.MAX_VALUE));
        assertThat(vars.get("checkAt")).isEqualTo("0");
    }

    @Test
    void interleavedEachSideSettlesFirstThenTheScheduleIsFollowed() {
        props.setProperty("schedule", "A,B,B,A");
        props.setProperty("settle", "1");
        props.setProperty("target.host", "a.host");
        props.setProperty("versus.target.host", "b.host");
        props.setProperty("versus.token.url", "http://127.0.0.1:1/token");
        props.setProperty("versus.token.refreshAt", "42");
        assertThat(repetitions(6)).containsExactly("-1 A settle a.host", "0 B settle b.host", "1 A measure a.host",
                "2 B measure b.host", "3 B measure b.host", "4 A measure a.host");
        assertThat(vars.get("sideTag")).isEqualTo("a");
        RepetitionStart.start(vars, props, thread);
        assertThat(vars.get("side")).as("past the schedule: A").isEqualTo("A");
    }

    @Test
    void withForksEachForkSettlesThenMeasuresItsRoundsNumberedOnFromTheForksBefore() {
        props.setProperty("schedule", "A,B,B,A,B,A,A,B");
        props.setProperty("settle", "1");
        props.setProperty("forks", "2");
        props.setProperty("repeat", "8");
        props.setProperty("target.host", "a.host");
        props.setProperty("versus.target.host", "b.host");
        List<String> seen = new ArrayList<>();
        // Each fork is its own JMeter run (its own variables); the second starts after the first's 6 repetitions.
        for (String first : List.of("0", "6")) {
            props.setProperty("repIndex.first", first);
            JMeterVariables fork = JmeterRuntime.variables();
            for (int i = 0; i < 6; i++) {
                RepetitionStart.start(fork, props, 0);
                seen.add(fork.get("fork") + ":" + fork.get("rep") + " " + fork.get("side") + " " + fork.get("measurePhase"));
            }
        }
        assertThat(seen).containsExactly("1:-1 A settle", "1:0 B settle", "1:1 A measure", "1:2 B measure", "1:3 B measure",
                "1:4 A measure", "2:-3 A settle", "2:-2 B settle", "2:5 B measure", "2:6 A measure", "2:7 A measure",
                "2:8 B measure");
    }

    @Test
    void inADuetHalfTheThreadsMeasureEachSideTakingTurns() {
        props.setProperty("schedule", "A,B,A,B");
        props.setProperty("settle", "1");
        props.setProperty("duet", "true");
        props.setProperty("repeat", "2");
        props.setProperty("threads", "4");
        props.setProperty("target.host", "a.host");
        props.setProperty("versus.target.host", "b.host");
        List<String> byThread = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            JMeterVariables own = JmeterRuntime.variables();
            StringBuilder seen = new StringBuilder();
            for (int i = 0; i < 3; i++) {
                RepetitionStart.start(own, props, t);
                seen.append(own.get("rep")).append(own.get("side")).append(own.get("sideThread")).append('/')
                        .append(own.get("sideThreads")).append(' ');
            }
            byThread.add(seen.toString().strip());
        }
        assertThat(byThread).as("rep, side, the thread's place among its side's threads").containsExactly(
                "0B1/2 1A1/2 2B1/2", "0A1/2 1B1/2 2A1/2", "0B2/2 1A2/2 2B2/2", "0A2/2 1B2/2 2A2/2");
    }

    @Test
    void aSideWithATokenEndpointRefreshesWhenItsTokenIsDue() {
        props.setProperty("schedule", "B");
        props.setProperty("versus.token.url", "http://127.0.0.1:1/token");
        props.setProperty("versus.token.refreshAt", "42");
        repetitions(1);
        assertThat(vars.get("tokenRefreshAt")).isEqualTo("42");
    }

    @Test
    void withReplicasAThreadWritesThroughOneAndReadsThroughTheNext() {
        props.setProperty("target.host", "127.0.0.1");
        props.setProperty("target.replicas", "127.0.0.1:7001,127.0.0.1:7002,127.0.0.1:7003");
        thread = 2;
        repetitions(1);
        assertThat(vars.get("targetPort") + " " + vars.get("readPort")).isEqualTo("7003 7001");
    }
}
