package io.idbench.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.JmeterRuntime;
import java.util.Properties;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.Test;

/** pacing.groovy: a job's requests at a fixed rate from its schedule's start, whatever their answers' times. */
class PacingScriptTest {
    private final Properties props = new Properties();
    private final JMeterVariables vars = JmeterRuntime.variables();

    private GroovyScript pacing;

    private long delay() throws Exception {
        if (pacing == null) {
            pacing = new GroovyScript("pacing.groovy");
        }
        return ((Number) pacing.run(vars, props)).longValue();
    }

    @Test
    void requestsArriveAtTheRateFromTheSchedulesStart() throws Exception {
        props.setProperty("provisioning.rate", "25");
        double start = System.currentTimeMillis() + 10_000.0; // the schedule starts 10 s from now
        vars.putObject("provisioning.next", start);
        assertThat(delay()).as("until the schedule's start").isBetween(1L, 10_000L);
        assertThat((double) vars.getObject("provisioning.next")).as("the next arrival: one interval later").isEqualTo(start + 40);
        assertThat(delay()).isBetween(41L, 10_040L);
        assertThat((double) vars.getObject("provisioning.next")).isEqualTo(start + 80);
    }

    @Test
    void aJobBehindItsScheduleSendsAtOnceAndItsScheduleMovesOn() throws Exception {
        props.setProperty("provisioning.rate", "25");
        double late = System.currentTimeMillis() - 1_000.0;
        vars.putObject("provisioning.next", late);
        assertThat(delay()).isZero();
        assertThat((double) vars.getObject("provisioning.next")).isEqualTo(late + 40);
    }

    @Test
    void rateZeroIsUnpaced() throws Exception {
        vars.putObject("provisioning.next", System.currentTimeMillis() + 10_000.0);
        props.setProperty("provisioning.rate", "0");
        assertThat(delay()).isZero();
    }
}
