package io.idbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The memory probe counts its reads and their CPU time, and its chain is one cycle through the whole buffer. */
class MemoryProbeTest {
    @Test
    void eachRunReadsItsShareAndTimesIt() {
        MemoryProbe probe = new MemoryProbe(1 << 20, 7);
        probe.run();
        probe.run();
        assertThat(probe.reads()).isEqualTo(2L * MemoryProbe.READS);
        assertThat(probe.cpuNanos()).isPositive();
    }

    @Test
    void theChainVisitsEveryLineBeforeItReturns() {
        int lines = 4096;
        MemoryProbe probe = new MemoryProbe(lines * MemoryProbe.LINE, 11);
        assertThat(probe.cycleLength()).isEqualTo(lines);
    }
}
