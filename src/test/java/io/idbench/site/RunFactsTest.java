package io.idbench.site;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import io.idbench.record.SeedRecord;
import io.idbench.record.Telemetry;
import io.idbench.results.RecordedRun;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run of PostgreSQL bounded in memory says so on its first screen, with whether the bound held, measured. */
class RunFactsTest {
    @Test
    void aBoundedRunSaysSoAndWhetherItHeld() {
        SeedRecord seed = new SeedRecord("d", "jsonb", 1_000_000, false, 1, "ssha256", SeedRecord.REUSED, "2026-11-29T03:45:00Z", null,
                6, 1, 2_007_193_267L, null, null);
        Telemetry.Cache cache = new Telemetry.Cache(94.6, 394_602, new Telemetry.MemoryBound(1L << 30, (1L << 30) + 4096, 510L << 20,
                463L << 20, 3L << 30, 1_111_196, true));
        RunRecord bounded = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).parameters(Map.of("pg.memory", "1GB"))
                .seed(seed).telemetry(new Telemetry(null, null, null, null, null, null, null, cache)).build();
        assertThat(RunFacts.memoryBound(bounded)).isEqualTo("PostgreSQL could use at most 1GB of memory, shared_buffers and the page"
                + " cache of its files included (pg.memory), for a database of 1.87 GiB; the bound held (peak 1.00 GiB, the kernel"
                + " reclaimed at it 1,111,196 times): compare it with runs of the same bound only.");
        RunRecord unbounded = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).parameters(Map.of("pg.memory", "none"))
                .build();
        assertThat(RunFacts.memoryBound(unbounded)).isNull();
        assertThat(RunFacts.memoryBound(RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).build()))
                .as("a record from before the parameter").isNull();
    }

    @Test
    void anEngineBoundedBesidePostgresqlSaysBoth() {
        Telemetry.SearchIndex index = new Telemetry.SearchIndex("users", 1_000_000, 3_000_000, 3L << 30,
                new Telemetry.MemoryBound(2L << 30, 2_100_000_000L, 0, 1_300L << 20, 5L << 30, 42, true));
        RunRecord r = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION)
                .parameters(Map.of("pg.memory", "1GB", "search.memory", "2GB"))
                .telemetry(new Telemetry(null, null, null, null, null, index, null, null)).build();
        assertThat(RunFacts.memoryBound(r)).isEqualTo("PostgreSQL could use at most 1GB of memory, shared_buffers and the page cache of"
                + " its files included (pg.memory). The search engine could use at most 2GB of memory, its heap and the page cache of"
                + " its index included (search.memory), for an index of 3.00 GiB; the bound held (peak 1.96 GiB, the kernel reclaimed"
                + " at it 42 times): compare it with runs of the same bounds only.");
        assertThat(RunFacts.searchIndex(r.telemetry())).extracting(RunFacts.Fact::name).contains("memory bound (search.memory)",
                "peak within the bound, measured", "read again after the kernel evicted it");
    }

    @Test
    void aRunNoVerdictStandsOnOrNotSteadyIsMarkedWhereverItIsQuoted() {
        RunRecord disturbed = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION)
                .disturbed("other processes used 14.5% of the machine during the repetitions (more than 10%)")
                .unsteady(Map.of("Create user", "p50 rose 12.0% over 40 repetitions (Mann-Kendall p=0.0010)")).build();
        assertThat(RunFacts.marks(new RecordedRun(Path.of("r"), disturbed))).isEqualTo(
                " (DISTURBED, no verdict stands on it: other processes used 14.5% of the machine during the repetitions (more than"
                        + " 10%); NOT STEADY within the run: Create user: p50 +12.0 % over 40 repetitions)");
        RunRecord plain = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).build();
        assertThat(RunFacts.marks(new RecordedRun(Path.of("r"), plain))).isEmpty();
    }
}
