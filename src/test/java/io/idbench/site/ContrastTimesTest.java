package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A ratio is written with the digits that carry it, however small: a directory's count beside SQL's is about 0.0005x. */
class ContrastTimesTest {
    @Test
    void ratiosKeepTwoSignificantDigitsBelowATenth() {
        assertThat(Contrast.times(0.000521)).isEqualTo("0.00052");
        assertThat(Contrast.times(0.034)).isEqualTo("0.034");
        assertThat(Contrast.times(0.0996)).isEqualTo("0.10");
    }

    @Test
    void largerRatiosKeepTheirFixedDecimals() {
        assertThat(Contrast.times(0.34)).isEqualTo("0.34");
        assertThat(Contrast.times(4.371)).isEqualTo("4.37");
        assertThat(Contrast.times(12.34)).isEqualTo("12.3");
        assertThat(Contrast.times(1499.4)).isEqualTo("1499");
        assertThat(Contrast.times(0)).isEqualTo("0.00");
    }
}
