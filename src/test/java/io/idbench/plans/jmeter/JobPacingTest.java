package io.idbench.plans.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.support.JmeterRuntime;
import java.beans.BeanInfo;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.util.List;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.Test;

/** A job's requests at a fixed rate from its schedule's start, whatever their answers' times; shown by JMeter's GUI. */
class JobPacingTest {
    private static final long NOW = 1_800_000_000_000L;
    private final JMeterVariables vars = JmeterRuntime.variables();
    private final JobPacing pacing = new JobPacing();

    @Test
    void requestsArriveAtTheRateFromTheSchedulesStart() {
        pacing.setRate("25");
        double start = NOW + 10_000.0;
        vars.putObject(JobPacing.NEXT, start);
        assertThat(pacing.delay(vars, NOW)).as("until the schedule's start").isEqualTo(10_000);
        assertThat((double) vars.getObject(JobPacing.NEXT)).as("the next arrival: one interval later").isEqualTo(start + 40);
        assertThat(pacing.delay(vars, NOW + 1)).isEqualTo(10_039);
        assertThat((double) vars.getObject(JobPacing.NEXT)).isEqualTo(start + 80);
    }

    @Test
    void aScheduleNotStartedYetStartsNow() {
        pacing.setRate("10");
        assertThat(pacing.delay(vars, NOW)).isZero();
        assertThat((double) vars.getObject(JobPacing.NEXT)).isEqualTo(NOW + 100.0);
    }

    @Test
    void aJobBehindItsScheduleSendsAtOnceAndItsScheduleMovesOn() {
        pacing.setRate("25");
        vars.putObject(JobPacing.NEXT, NOW - 1_000.0);
        assertThat(pacing.delay(vars, NOW)).isZero();
        assertThat((double) vars.getObject(JobPacing.NEXT)).isEqualTo(NOW - 1_000.0 + 40);
    }

    @Test
    void rateZeroIsUnpacedAndLeavesTheSchedule() {
        pacing.setRate("0");
        vars.putObject(JobPacing.NEXT, NOW + 10_000.0);
        assertThat(pacing.delay(vars, NOW)).isZero();
        assertThat((double) vars.getObject(JobPacing.NEXT)).isEqualTo(NOW + 10_000.0);
    }

    @Test
    void aRateThatIsNoNumberIsNamed() {
        pacing.setRate("fast");
        assertThatThrownBy(() -> pacing.delay(vars, NOW)).isInstanceOf(IllegalStateException.class)
                .hasMessage("pacing: rate must be a number of requests per second, was 'fast'");
    }

    @Test
    void jmetersGuiShowsItsRateWithItsDefault() throws Exception {
        BeanInfo info = Introspector.getBeanInfo(JobPacing.class);
        assertThat(info.getBeanDescriptor().getDisplayName()).isEqualTo("idbench job pacing");
        PropertyDescriptor rate = List.of(info.getPropertyDescriptors()).stream().filter(p -> p.getName().equals("rate")).findFirst()
                .orElseThrow();
        assertThat(rate.getDisplayName()).isEqualTo("Requests per second");
        assertThat(rate.getValue(JobPacingBeanInfo.DEFAULT)).isEqualTo("${__P(provisioning.rate,25)}");
    }
}
