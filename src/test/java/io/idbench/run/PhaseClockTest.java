package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Side;
import io.idbench.record.WallTime;
import io.idbench.results.RunStatistics;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where a run's wall time went: the steps' marks, and JMeter's part cut at its samples. */
class PhaseClockTest {
    private static RunStatistics.Result part(long warmUpFrom, long measuredFrom, long measuredTo) {
        return new RunStatistics.Result(Map.of(), Map.of(), Map.of(), 0, Map.of(), new RunStatistics.Window(measuredFrom, measuredTo),
                warmUpFrom, Map.of(), Map.of(), Map.of());
    }

    @Test
    void eachPhaseIsTheTimeBetweenItsMarks() {
        PhaseClock clock = new PhaseClock();
        clock.begin(1_000, 31_000);
        clock.mark(PhaseClock.START, 32_000);
        clock.mark(PhaseClock.READY, 46_000);
        clock.mark(PhaseClock.STOP, 290_000);
        clock.mark(PhaseClock.RECORD, 292_500);
        Map<RunStatistics.Part, RunStatistics.Result> parts = Map.of(new RunStatistics.Part(0, Side.A), part(60_000, 150_000, 151_000),
                new RunStatistics.Part(1, Side.A), part(152_000, 153_000, 154_000), new RunStatistics.Part(2, Side.A),
                part(155_000, 156_000, 284_000));

        WallTime w = clock.wallTime(parts, 2.5, 296_000);

        assertThat(w).isEqualTo(new WallTime(31.0, 14.0, 2.5, 14.0, 92.0, 132.0, 6.0, 2.5, 3.5, 295.0));
        assertThat(w.build() + w.start() + w.jmeterStart() + w.settle() + w.repetitions() + w.jmeterEnd() + w.stop() + w.record())
                .as("with every mark made, the phases leave no gap").isEqualTo(w.total());
        assertThat(w.summary()).isEqualTo("4 min 55 s: build 31 s · start 14 s (of which the dataset 2.5 s) · JMeter's start 14 s"
                + " · first warm-up and settling 1 min 32 s · measured repetitions 2 min 12 s · JMeter's end 6 s · stop 2.5 s"
                + " · record 3.5 s");
    }

    @Test
    void aPhaseNotMarkedIsLeftOut() {
        PhaseClock clock = new PhaseClock();
        clock.begin(1_000, 31_000);
        clock.mark(PhaseClock.RECORD, 40_000);

        WallTime w = clock.wallTime(Map.of(), null, 41_000);

        assertThat(w.named()).containsOnlyKeys("build", "record");
        assertThat(w.total()).isEqualTo(40.0);
    }
}
