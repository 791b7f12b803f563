package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Telemetry;
import org.junit.jupiter.api.Test;

/** The record step's line on the service's connection pool: where the requests queued for the database. */
class RecordPrinterTest {

    @Test
    void aPoolThatMadeRequestsWaitSaysHowLongAndHowOften() {
        Telemetry.Pool pool = new Telemetry.Pool(76_880, 15.321, 61.951, 436.479, 67_542, 3, 0, 0);

        assertThat(RecordPrinter.poolLine(pool)).isEqualTo("[idbench] the service's connection pool (3 connections), over the run:"
                + " 76880 acquisitions, 87.9% waited over 1 ms, wait mean 15.32 ms, p99 61.95 ms, max 436.5 ms");
    }

    @Test
    void aPoolNobodyUsedSaysSoInsteadOfDividingByZero() {
        assertThat(RecordPrinter.poolLine(new Telemetry.Pool(0, 0, 0, 0, 0, 20, 0, 0)))
                .isEqualTo("[idbench] the service's connection pool (20 connections): no connection taken");
    }
}
