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

    @Test
    void theCacheLineSaysWhetherTheMemoryBoundHeldAndLimited() {
        Telemetry.Cache unbounded = new Telemetry.Cache(99.62, 1_234, null);
        assertThat(RecordPrinter.cacheLine(unbounded)).isEqualTo("[idbench] PostgreSQL over the run: shared_buffers answered 99.6% of"
                + " block reads, 1,234 blocks read from outside them");
        Telemetry.Cache bounded = new Telemetry.Cache(71.0, 9_876_543, new Telemetry.MemoryBound(1L << 30, 1_070_000_000L, 512L << 20,
                440L << 20, 3L << 30, 52_345, true));
        assertThat(RecordPrinter.cacheLine(bounded)).endsWith("; memory bound 1.0 GiB (pg.memory): peak 1020 MiB, held; at the end"
                + " shared memory 512 MiB, page cache 440 MiB; 3.0 GiB read again after eviction, reclaimed at the bound 52,345 times");
        assertThat(RecordPrinter.boundText(new Telemetry.MemoryBound(2L << 30, 2_000_000_000L, 0, 900L << 20, 0, 0, true),
                "search.memory")).isEqualTo("memory bound 2.0 GiB (search.memory): peak 1.9 GiB, held; at the end shared memory 0 B,"
                        + " page cache 900 MiB; 0 B read again after eviction, reclaimed at the bound 0 times");
    }
}
