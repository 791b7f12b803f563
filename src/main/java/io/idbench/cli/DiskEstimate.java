package io.idbench.cli;

import io.idbench.config.ByteSize;
import io.idbench.config.Parameters;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioResolver;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.config.TargetKind;
import io.idbench.provision.PostgresServerSettings;
import io.idbench.record.RunRecord;
import io.idbench.record.SeedRecord;
import io.idbench.results.RecordedRun;
import io.idbench.seed.DatasetStore;
import io.idbench.seed.Seeder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What running a list of scenarios takes on disk, before it is spent: each dataset they name (kept once loaded, so they add
 * up), the run's copy of the largest (one at a time: each run replaces the last one's), the write-ahead log of a load, and
 * the search engines' indexes with their snapshots. Bytes per identity come from the largest dataset of the storage whose
 * seed is recorded in the results (at least 100,000 identities: in a smaller one its empty database dominates), else from
 * the storage's measured figure; an engine's from the largest recorded index, else its measured figure. Datasets kept already take nothing more:
 * the estimate is what the scenarios need at most.
 */
final class DiskEstimate {
    /** The fewest identities a recorded dataset or index needs to tell bytes per identity: as for the kept datasets. */
    static final long RATE_FROM_USERS = DatasetStore.RATE_FROM_USERS;
    /**
     * An engine's index per identity where no large enough index is recorded: Elasticsearch 8.19's index of the JSONB
     * identities took 591 to 614 bytes each at 100,000 and 1,000,000 (docs/seeding.md).
     */
    static final long INDEX_BYTES_PER_IDENTITY = 620;

    /** A dataset the scenarios load: what it is, how many identities, whether an engine indexes it. */
    record Dataset(Storage storage, long users, boolean dyn, boolean engine) {
        String describe() {
            return String.format(Locale.ROOT, "%s %,d%s", storage.id(), users, dyn ? " dyn" : "");
        }
    }

    private DiskEstimate() {
    }

    /**
     * The datasets the scenarios of {@code parameters}/<scenario>.properties load, in their order, each once: resolved as a
     * run resolves them (the defaults beneath the file). A scenario of another product (sized by its own target) or of a plan
     * that starts on an empty service (plan 5 makes its users itself) seeds none of idbench's.
     */
    static List<Dataset> datasets(List<String> scenarios, Path parameters) {
        ScenarioResolver resolver = new ScenarioResolver(parameters);
        Map<String, Dataset> out = new LinkedHashMap<>();
        for (String scenario : scenarios) {
            if (!Files.isRegularFile(parameters.resolve(scenario + ".properties"))) {
                continue;
            }
            ScenarioResolver.Resolved r = resolver.resolve(Map.of(Parameters.SCENARIO, scenario), List.of());
            long users = r.whole(Parameters.USERS);
            if (users == 0 || TargetKind.parse(r.get("target")) != TargetKind.IDBENCH || Plan.parse(r.get("plan")).neverSeeded()) {
                continue;
            }
            Storage storage = Storage.parse(r.get("storage"));
            boolean dyn = r.flag("dyn");
            boolean engine = SearchMode.parse(r.get("search")).engine();
            Dataset d = new Dataset(storage, users, dyn, engine);
            out.merge(storage.id() + "/" + users + "/" + dyn, d, (a, b) -> new Dataset(a.storage(), a.users(), a.dyn(),
                    a.engine() || b.engine()));
        }
        return List.copyOf(out.values());
    }

    /** The lines the estimate prints: the datasets, the copy, the log, the indexes, and what is free where they go. */
    static List<String> lines(List<Dataset> datasets, List<RecordedRun> runs, Path dataDir) {
        if (datasets.isEmpty()) {
            return List.of("Disk: these scenarios seed no dataset of idbench's");
        }
        long all = 0;
        long largest = 0;
        long indexes = 0;
        List<String> each = new ArrayList<>();
        for (Dataset d : datasets) {
            long bytes = DatasetStore.expectedBytes(d.users(), bytesPerIdentity(d.storage(), runs));
            all += bytes;
            largest = Math.max(largest, bytes);
            String index = "";
            if (d.engine()) {
                long indexBytes = 2 * (long) (indexBytesPerIdentity(runs) * d.users()); // the index and its snapshot
                indexes += indexBytes;
                index = " + " + ByteSize.format(indexBytes) + " index and snapshot";
            }
            each.add(d.describe() + " " + ByteSize.format(bytes) + index);
        }
        long load = Seeder.loadBytes(largest, PostgresServerSettings.MAX_WAL_BYTES) - 2 * largest;
        long total = all + largest + load + indexes;
        List<String> out = new ArrayList<>();
        out.add("Disk: the datasets (kept once loaded) " + ByteSize.format(all) + " (" + String.join("; ", each) + "), a run's copy"
                + " of one up to " + ByteSize.format(largest) + ", the write-ahead log of a load up to " + ByteSize.format(load)
                + (indexes > 0 ? ", the engines' indexes and snapshots " + ByteSize.format(indexes) : "") + ": about "
                + ByteSize.format(total) + " at most (datasets kept already take nothing more)");
        Path existing = dataDir.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null) {
            try {
                long free = Files.getFileStore(existing).getUsableSpace();
                out.add(free >= total ? "  " + ByteSize.format(free) + " is free where the datasets go (" + dataDir + ")"
                        : "  ONLY " + ByteSize.format(free) + " is free where the datasets go (" + dataDir + "): a seed that does not"
                                + " fit is refused before it starts; free room with idbench datasets prune");
            } catch (IOException e) {
                out.add("  the free space of " + dataDir + " cannot be read: " + e.getMessage());
            }
        }
        return out;
    }

    /** As the largest recorded seed of the storage with enough identities says, else the storage's measured figure. */
    static double bytesPerIdentity(Storage storage, List<RecordedRun> runs) {
        return runs.stream().map(r -> r.record().seed()).filter(s -> s != null && loadedBytes(s) != null)
                .map(DiskEstimate::loadRecord).filter(s -> storage.id().equals(s.storage()) && s.users() >= RATE_FROM_USERS)
                .max((a, b) -> Long.compare(a.users(), b.users()))
                .map(s -> DatasetStore.bytesPerIdentity(s.users(), s.databaseBytes()))
                .orElse((double) storage.bytesPerIdentity());
    }

    /** The record of the load behind a seed (a reuse carries it). */
    private static SeedRecord loadRecord(SeedRecord s) {
        return s.loaded() != null && s.loaded().databaseBytes() != null ? s.loaded() : s;
    }

    private static Long loadedBytes(SeedRecord s) {
        return loadRecord(s).databaseBytes();
    }

    /** As the largest recorded index with enough identities says, else the measured figure. */
    static double indexBytesPerIdentity(List<RecordedRun> runs) {
        return runs.stream().map(RecordedRun::record).map(RunRecord::telemetry)
                .filter(t -> t != null && t.searchIndex() != null && t.searchIndex().users() >= RATE_FROM_USERS)
                .max((a, b) -> Long.compare(a.searchIndex().users(), b.searchIndex().users()))
                .map(t -> (double) t.searchIndex().sizeBytes() / t.searchIndex().users()).orElse((double) INDEX_BYTES_PER_IDENTITY);
    }
}
