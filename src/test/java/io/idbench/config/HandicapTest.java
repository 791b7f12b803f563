package io.idbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The calibration handicap's grammar, its pinned errors, and the cost it adds. */
class HandicapTest {

    @Test
    void operationsTakeAShareOfTheirOwnTimeOrAFixedTime() {
        Handicap h = Handicap.parse("update:10%, read:200us,any:1.5ms");
        assertThat(h.toString()).isEqualTo("any:1500us,read:200us,update:10%");
        assertThat(h.costOf(Handicap.Operation.UPDATE).extraNanos(3_000_000)).isEqualTo(300_000);
        assertThat(h.costOf(Handicap.Operation.READ).extraNanos(3_000_000)).isEqualTo(200_000);
        assertThat(h.costOf(Handicap.Operation.DELETE).extraNanos(1)).as("any").isEqualTo(1_500_000);
        assertThat(Handicap.parse("").isNone()).isTrue();
        Handicap waits = Handicap.parse("update:300us:wait,read:5%");
        assertThat(waits.costOf(Handicap.Operation.UPDATE).waits()).isTrue();
        assertThat(waits.costOf(Handicap.Operation.UPDATE).extraNanos(1)).isEqualTo(300_000);
        assertThat(waits.costOf(Handicap.Operation.READ).waits()).isFalse();
        assertThat(waits).hasToString("read:5%,update:300us:wait");
        assertThat(Handicap.parse("  ").costOf(Handicap.Operation.UPDATE)).isNull();
    }

    @Test
    void badHandicapsArePreciseErrors() {
        assertThatThrownBy(() -> Handicap.parse("update=10%")).isInstanceOf(ConfigException.class).hasMessage(
                "handicap 'update=10%' must be <operation>:<amount>[:wait], e.g. update:10%, read:200us or update:300us:wait (operations:"
                        + " any, create, read, search, update, replace, delete; amounts: a percentage of the request's own time, us or ms;"
                        + " :wait waits instead of burning CPU)");
        assertThatThrownBy(() -> Handicap.parse("update:300us:sleep")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("handicap 'update:300us:sleep' must be <operation>:<amount>[:wait]");
        assertThatThrownBy(() -> Handicap.parse("login:10%")).isInstanceOf(ConfigException.class)
                .hasMessage("handicap operation 'login' is not one of any, create, read, search, update, replace, delete");
        assertThatThrownBy(() -> Handicap.parse("update:150%")).isInstanceOf(ConfigException.class)
                .hasMessage("handicap 'update:150%' must be more than 0 and at most 100% or 1000ms");
        assertThatThrownBy(() -> Handicap.parse("update:1%,update:2%")).isInstanceOf(ConfigException.class)
                .hasMessage("handicap names update twice");
    }

    @Test
    void theServiceConfigurationRefusesABadOne() {
        assertThatThrownBy(() -> ScenarioConfig.builder().withHandicap(Handicap.parse("read:0us")).build())
                .isInstanceOf(ConfigException.class)
                .hasMessage("handicap 'read:0us' must be more than 0 and at most 100% or 1000ms");
        assertThat(ScenarioConfig.builder().build().handicap().isNone()).isTrue();
    }
}
