package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A label that fails because of what the probe found about the target says so in the run's reason. */
class RecordStepTest {
    private final List<String> differences = List.of("sortBy ignored (sort not supported): plan 1's search is not sorted",
            "filter x found 0, the seeded identities hold 631: plan 4's \"Query by type and value range\" fails its count"
                    + " check, every sample an error");

    @Test
    void aViolationOfALabelTheProbeFoundWrongCarriesTheFinding() {
        assertThat(RecordStep.explained("Query by type and value range: error rate 100.00% (170 of 170) is above 0%", differences))
                .isEqualTo("Query by type and value range: error rate 100.00% (170 of 170) is above 0% (the probe found before the"
                        + " run: filter x found 0, the seeded identities hold 631: plan 4's \"Query by type and value range\" fails"
                        + " its count check, every sample an error)");
    }

    @Test
    void anyOtherViolationIsLeftAsItIs() {
        assertThat(RecordStep.explained("Query by type and e-mail: p95 90 ms is above 50 ms", differences))
                .isEqualTo("Query by type and e-mail: p95 90 ms is above 50 ms");
        assertThat(RecordStep.explained("JMeter wrote no results (x.jtl)", List.of()))
                .isEqualTo("JMeter wrote no results (x.jtl)");
    }
}
