package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ByteSizeTest {
    @Test
    void readsTheUnitsAsPowersOf1024() {
        assertThat(ByteSize.parse("size", "1073741824")).isEqualTo(1L << 30);
        assertThat(ByteSize.parse("size", "500MB")).isEqualTo(500L << 20);
        assertThat(ByteSize.parse("size", "20GB")).isEqualTo(20L << 30);
        assertThat(ByteSize.parse("size", "20g")).isEqualTo(20L << 30);
        assertThat(ByteSize.parse("size", "1.5 GiB")).isEqualTo(3L << 29);
        assertThat(ByteSize.parse("size", "64kB")).isEqualTo(64L << 10);
        assertThat(ByteSize.parse("size", "2TB")).isEqualTo(2L << 40);
    }

    @Test
    void aBadSizeIsOnePreciseLine() {
        assertThatThrownBy(() -> ByteSize.parse("datasets.maxBytes", "twenty"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("datasets.maxBytes must be a size such as 500MB, 20GB or a number of bytes, was 'twenty'");
        assertThatThrownBy(() -> ByteSize.parse("datasets.maxBytes", "-5GB")).isInstanceOf(ConfigException.class);
        assertThatThrownBy(() -> ByteSize.parse("datasets.maxBytes", "99999999TB"))
                .hasMessage("datasets.maxBytes is too large, was '99999999TB'");
    }

    @Test
    void printsSizesForPeople() {
        assertThat(ByteSize.format(80)).isEqualTo("80 B");
        assertThat(ByteSize.format(12 * 1024)).isEqualTo("12 kiB");
        assertThat(ByteSize.format(412L << 20)).isEqualTo("412 MiB");
        assertThat(ByteSize.format((long) (1.94 * (1L << 30)))).isEqualTo("1.9 GiB");
    }
}
