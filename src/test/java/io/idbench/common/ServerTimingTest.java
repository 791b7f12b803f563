package io.idbench.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The header the plans read by its boundaries: milliseconds with three decimals. */
class ServerTimingTest {
    @Test
    void theHeaderFormatsMicrosecondsAsMillisecondsWithThreeDecimals() {
        assertThat(ServerTiming.millis(5)).isEqualTo("0.005");
        assertThat(ServerTiming.millis(40)).isEqualTo("0.040");
        assertThat(ServerTiming.millis(1_234_567)).isEqualTo("1234.567");
        assertThat(ServerTiming.millis(2_000)).isEqualTo("2.000");
    }
}
