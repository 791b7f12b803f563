package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.idbench.config.ByteSize;
import io.idbench.config.Storage;
import io.idbench.provision.PostgresServerSettings;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import io.idbench.record.RunStatus;
import io.idbench.record.SeedRecord;
import io.idbench.record.Telemetry;
import io.idbench.record.WallTime;
import io.idbench.results.RecordedRun;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How long a list of scenarios will take, from the fixture's recorded runs: each scenario's newest complete run counts. */
class EstimateCommandTest {
    static final Path FIXTURE = Path.of("src/test/resources/site-fixture/results");

    private final CommandRun cli = new CommandRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int estimate(String... args) {
        return cli.execute("estimate", args);
    }

    @Test
    void eachScenarioCountsWithItsNewestCompleteRunAndAnUnrecordedOneIsNamed() {
        assertThat(estimate("--results=" + FIXTURE, "jsonb-nodyn-1k", "relational-nodyn-1k", "never-run-1k")).isZero();
        // jsonb-nodyn-1k's newest run took 25.5 s from its preparation to its record; relational-nodyn-1k's 28.3 s.
        assertThat(out.toString()).contains("jsonb-nodyn-1k", "25.5 s  (run 20261123-002754)")
                .contains("never-run-1k", "no complete run recorded, at this size or another: not counted")
                .contains("Expected wall time: 53.9 s for 2 scenarios, and 1 never recorded here (not counted)\n");
    }

    @Test
    void aRunThatTimedItsBuildCountsFromMavensStart() {
        RunRecordBuilder run = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).started("2026-11-26T22:00:00Z")
                .ended("2026-11-26T22:03:00Z");
        assertThat(EstimateCommand.seconds(run.build())).as("before wallTime: preparation to record").isEqualTo(180.0);
        WallTime timed = new WallTime(9.0, 3.0, null, 12.0, 45.0, 93.0, 1.3, 3.2, 3.2, 189.0);
        assertThat(EstimateCommand.seconds(run.wallTime(timed).build())).as("the build's own steps too").isEqualTo(189.0);
    }

    @Test
    void noResultsYetCountsNothing() {
        assertThat(estimate("--results=" + FIXTURE.resolve("nowhere"), "jsonb-nodyn-1k")).isZero();
        assertThat(out.toString()).contains("Expected wall time: unknown: jsonb-nodyn-1k is not recorded in " + FIXTURE.resolve("nowhere")
                + ", at its size or another (a run of the same scenario at a smaller size times it)\n");
    }

    @Test
    void theDiskTheScenariosNeedIsStatedBesideWhatIsFree(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("big.properties"), "storage=jsonb\nusers=10000000\n");
        Files.writeString(tmp.resolve("flood-big.properties"), "storage=jsonb\nusers=10000000\nplan=read-flood\n");
        Files.writeString(tmp.resolve("small.properties"), "storage=relational\nusers=1000\nsearch=elasticsearch\n");
        Files.writeString(tmp.resolve("keycloak.properties"), "target=keycloak\nusers=200000\n");
        // Plan 5 starts on an empty service and provisions its users itself: no dataset.
        Files.writeString(tmp.resolve("provisioning.properties"), "storage=relational\nusers=100000\nplan=provisioning\n");
        assertThat(estimate("--results=" + FIXTURE.resolve("nowhere"), "--parameters=" + tmp, "--pg-data-dir=" + tmp.resolve("pg"),
                "big", "flood-big", "small", "keycloak", "provisioning")).isZero();
        long big = (8L << 20) + 10_000_000L * Storage.JSONB.bytesPerIdentity();
        long small = (8L << 20) + 1_000L * Storage.RELATIONAL.bytesPerIdentity();
        long wal = PostgresServerSettings.MAX_WAL_BYTES;
        long index = 2 * 1_000L * DiskEstimate.INDEX_BYTES_PER_IDENTITY;
        assertThat(out.toString()).contains("Disk: the datasets (kept once loaded) " + ByteSize.format(big + small) + " (jsonb 10,000,000 "
                + ByteSize.format(big) + "; relational 1,000 " + ByteSize.format(small) + " + " + ByteSize.format(index) + " index and"
                + " snapshot), a run's copy of one up to " + ByteSize.format(big) + ", the write-ahead log of a load up to "
                + ByteSize.format(wal) + ", the engines' indexes and snapshots " + ByteSize.format(index) + ": about "
                + ByteSize.format(2 * big + small + wal + index) + " at most (datasets kept already take nothing more)\n")
                .containsPattern("  (ONLY )?[0-9.]+ [KMGT]iB is free where the datasets go \\(" + tmp.resolve("pg"));
    }

    @Test
    void theDiskOfADatasetComesFromTheLargestRecordedSeed() {
        SeedRecord oneMillion = new SeedRecord("d", "jsonb", 1_000_000, false, 1, "ssha256", SeedRecord.LOADED, "2026-11-28T00:00:00Z",
                null, 40, 25_000, (8L << 20) + 1_900_000_000L, null, null);
        SeedRecord reusedSmall = new SeedRecord("d", "jsonb", 1_000, false, 1, "ssha256", SeedRecord.REUSED, "2026-11-28T00:00:00Z",
                null, 1, 1, 21L << 20, null, null);
        List<RecordedRun> runs = List.of(run(oneMillion), run(reusedSmall));
        assertThat(DiskEstimate.bytesPerIdentity(Storage.JSONB, runs)).isEqualTo(1_900.0);
        assertThat(DiskEstimate.bytesPerIdentity(Storage.RELATIONAL, runs)).as("none recorded: measured")
                .isEqualTo(Storage.RELATIONAL.bytesPerIdentity());
        assertThat(DiskEstimate.indexBytesPerIdentity(runs)).as("no index recorded: measured")
                .isEqualTo(DiskEstimate.INDEX_BYTES_PER_IDENTITY);
        RecordedRun indexed = new RecordedRun(Path.of("r"), RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION)
                .telemetry(new Telemetry(null, null, null, null, null, new Telemetry.SearchIndex("users", 1_000_000, 3_000_000,
                        600_000_000L), null))
                .parameters(Map.of()).build());
        assertThat(DiskEstimate.indexBytesPerIdentity(List.of(indexed))).isEqualTo(600.0);
    }

    private static RecordedRun run(SeedRecord seed) {
        return new RecordedRun(Path.of("r"), RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).seed(seed)
                .parameters(Map.of()).build());
    }

    @Test
    void aScenarioNeverRecordedCountsAsItsSmallerSizeWithTheDatasetScaled(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("big-10m.properties"), "storage=jsonb\nusers=10000000\n");
        Files.writeString(tmp.resolve("big-es-10m.properties"), "storage=jsonb\nusers=10000000\nsearch=elasticsearch\n");
        // The 1M run reused its dataset (a 4 s clone), whose load took 20 s of COPY and 14 s of indexes; the engine's 1M
        // index took 130 s of bulk and 15 s of snapshot.
        SeedRecord load = new SeedRecord("d", "jsonb", 1_000_000, false, 1, "ssha256", SeedRecord.LOADED, "2026-11-28T00:00:00Z",
                new SeedRecord.Phases(3.0, 20.0, 14.0, null, null, null, null, null, null, null, null), 34, 29_412, 2L << 30, null, null);
        SeedRecord reuse = new SeedRecord("d", "jsonb", 1_000_000, false, 1, "ssha256", SeedRecord.REUSED, "2026-11-29T00:00:00Z",
                new SeedRecord.Phases(null, null, null, null, 4.0, null, null, null, null, null, null), 4, 250_000, 2L << 30, null, load);
        SeedRecord indexed = new SeedRecord("d", "jsonb", 1_000_000, false, 1, "ssha256", SeedRecord.REUSED, "2026-11-29T01:00:00Z",
                new SeedRecord.Phases(null, null, null, null, 4.0, 130.0, 15.0, null, null, null, null), 149, 6_711, 2L << 30, null, load);
        SeedRecord small = new SeedRecord("d", "jsonb", 1_000, false, 1, "ssha256", SeedRecord.LOADED, "2026-11-28T00:00:00Z",
                new SeedRecord.Phases(0.1, 0.3, 0.4, null, 0.2, null, null, null, null, null, null), 1, 1_000, 20L << 20, null, null);
        List<RecordedRun> runs = List.of(sized("big-1m", "p1", 1_000_000, reuse, 300), sized("big-es-1m", "p1es", 1_000_000, indexed, 460),
                sized("big-1k", "small", 1_000, small, 100));
        DiskEstimate.Dataset big = new DiskEstimate.Dataset(Storage.JSONB, 10_000_000, false, false);
        // 296 s of the 1M run besides its clone, and 10M at the recorded rates: (20 + 14 + 4) µs an identity, 380 s.
        assertThat(ScaledEstimate.of("big-10m", big, runs)).hasValueSatisfying(e -> assertThat(e.seconds()).isCloseTo(676, within(1e-6)))
                .map(ScaledEstimate.Estimate::how).hasValue("never recorded: big-1m's run p1 without its dataset's 4 s, and a load and a"
                        + " clone of 10,000,000 identities at the recorded seeds' rates, about 6 min 20 s");
        // With the engine: 311 s of its 1M run besides the dataset, and 10M's load, clone and index: 380 s + 1,450 s.
        DiskEstimate.Dataset withEngine = new DiskEstimate.Dataset(Storage.JSONB, 10_000_000, false, true);
        assertThat(seconds(ScaledEstimate.of("big-es-10m", withEngine, runs))).isCloseTo(311.0 + 380 + 1450, within(1e-6));
        // Once a 10M dataset is recorded, a run clones it.
        SeedRecord tenMillion = new SeedRecord("d", "jsonb", 10_000_000, false, 1, "ssha256", SeedRecord.LOADED, "2026-11-29T02:00:00Z",
                new SeedRecord.Phases(30.0, 130.0, 156.0, null, 16.0, null, null, null, null, null, null), 332, 30_120, 20L << 30, null,
                null);
        List<RecordedRun> later = List.of(runs.get(0), sized("other-10m", "x", 10_000_000, tenMillion, 500));
        assertThat(seconds(ScaledEstimate.of("big-10m", big, later))).as("296 s and a 16 s clone").isCloseTo(296.0 + 16, within(1e-6));
        assertThat(ScaledEstimate.of("unsized", big, runs)).as("no size in its name").isEmpty();
        assertThat(ScaledEstimate.of("big-10m", big, List.of(runs.get(2)))).as("a 1k run has no rate to scale").isEmpty();

        assertThat(estimate("--results=" + FIXTURE.resolve("nowhere"), "--parameters=" + tmp, "big-10m")).isZero();
        assertThat(out.toString()).contains("big-10m", "no complete run recorded, at this size or another: not counted");
    }

    private static double seconds(Optional<ScaledEstimate.Estimate> e) {
        return e.orElseThrow().seconds();
    }

    private static RecordedRun sized(String scenario, String runId, long users, SeedRecord seed, double seconds) {
        return new RecordedRun(Path.of("r"), RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).scenario(scenario)
                .runId(runId).status(RunStatus.COMPLETE).started("2026-11-29T00:00:00Z").seed(seed)
                .wallTime(new WallTime(20.0, 10.0, seed.seconds(), 5.0, 30.0, 200.0, 2.0, 3.0, 3.0, seconds))
                .parameters(Map.of("users", "" + users)).build());
    }

    @Test
    void aBadScenarioNameIsOneLine() {
        assertThat(estimate("--results=" + FIXTURE, "../etc")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("idbench: a scenario is a name of parameters/<scenario>.properties, was '../etc'\n");
    }
}
