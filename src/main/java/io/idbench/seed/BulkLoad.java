package io.idbench.seed;

import io.idbench.record.SeedRecord;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * One bulk load into a database whose schema exists and whose storage tables are empty: keys and
 * indexes dropped, and the member counts' trigger, identities streamed with COPY, the trigger made
 * again, the members counted and keys and indexes built again (which checks every unique value and
 * reference), each table vacuumed and analyzed as soon as its indexes exist, so the key checks and
 * the first benchmark read neither set hint bits nor plan without statistics.
 */
final class BulkLoad {
    /** Sessions building indexes side by side: one per core (so a build has no parallel workers: {@link ParallelDdl#BUILD_WORKERS}). */
    static final int PARALLELISM = Math.max(2, Runtime.getRuntime().availableProcessors());

    private BulkLoad() {
    }

    static SeedRecord.Phases run(Database database, StorageLoader loader, LoadInput input, SeedProgress progress)
            throws SQLException {
        DeferredKeys keys;
        MembershipCounts counts;
        try (Connection c = database.connect()) {
            keys = DeferredKeys.of(c, loader.tables());
            counts = MembershipCounts.of(c, loader.storage());
            keys.drop(c);
            counts.drop(c);
        }
        LongAdder generate = new LongAdder();
        long t0 = System.nanoTime();
        progress.start("generate + COPY", input.users(), "identities");
        loader.copy(database, input, progress, generate);
        progress.end();
        long t1 = System.nanoTime();
        try (Connection c = database.connect()) {
            counts.restore(c);
        }
        List<ParallelDdl.Step> restore = new ArrayList<>(counts.steps());
        restore.addAll(keys.restore(database, loader.tables()));
        progress.start("index and key build, VACUUM ANALYZE", restore.size(), "statements");
        Map<String, Duration> builds = ParallelDdl.run(database, PARALLELISM, restore, progress::step);
        progress.end();
        long t2 = System.nanoTime();
        return SeedRecord.Phases.load(Duration.ofNanos(generate.sum()), Duration.ofNanos(t1 - t0), Duration.ofNanos(t2 - t1), builds);
    }
}
