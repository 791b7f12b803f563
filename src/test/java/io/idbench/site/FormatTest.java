package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Every figure the site writes: three significant digits, thousands separated; counts exact; singular and plural. */
class FormatTest {
    @Test
    void aFigureHasThreeSignificantDigitsAndThousandsSeparators() {
        assertThat(Format.figure(1661.7)).isEqualTo("1,660");
        assertThat(Format.figure(2569.4)).isEqualTo("2,570");
        assertThat(Format.figure(4.3612)).isEqualTo("4.36");
        assertThat(Format.figure(5)).isEqualTo("5.00");
        assertThat(Format.figure(0.012773503216229588)).isEqualTo("0.0128");
        assertThat(Format.figure(123_456)).isEqualTo("123,000");
        assertThat(Format.figure(Double.NaN)).isEqualTo("–");
        assertThat(Format.figure(0)).isEqualTo("0");
    }

    @Test
    void countsRatiosAndChangesAreWrittenOneWay() {
        assertThat(Format.count(15_823)).isEqualTo("15,823");
        assertThat(Format.ratio(2.2918, 1.6512, 3.1789)).isEqualTo("2.29x [1.65, 3.18]");
        assertThat(Format.times(0.0005)).isEqualTo("0.000500");
        assertThat(Format.change(15.04, 5.1, 26)).isEqualTo("+15.0 % [+5.10, +26.0]");
        assertThat(Format.change(-3.21)).isEqualTo("−3.21 %");
        assertThat(Format.bytes(25_276_510_208.0)).isEqualTo("23.5 GiB");
    }

    @Test
    void oneIsSingular() {
        assertThat(Format.plural(1, "recorded run")).isEqualTo("1 recorded run");
        assertThat(Format.plural(64, "recorded run")).isEqualTo("64 recorded runs");
        assertThat(Format.plural(2, "strategy")).isEqualTo("2 strategies");
        assertThat(Format.plural(0, "regression")).isEqualTo("0 regressions");
    }
}
