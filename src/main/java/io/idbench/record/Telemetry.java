package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What the server side did during a run, as the service reports it at its end ({@code /idbench/telemetry}): the database
 * and its largest tables, the top statements of the window (or why there are none), the connection pool's waits, the search
 * index, and the service's JVM.
 *
 * @param statementsWindow how the statements' window was taken (reset at the run's start, or counters subtracted)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Telemetry(Database database, String statementsWindow, String statementsUnavailable, List<Statement> topStatements,
        Pool connectionPool, SearchIndex searchIndex, Jvm serviceJvm, Cache cache) {

    /** Records before PostgreSQL's caching was kept. */
    public Telemetry(Database database, String statementsWindow, String statementsUnavailable, List<Statement> topStatements,
            Pool connectionPool, SearchIndex searchIndex, Jvm serviceJvm) {
        this(database, statementsWindow, statementsUnavailable, topStatements, connectionPool, searchIndex, serviceJvm, null);
    }

    /**
     * PostgreSQL's caching over the window: the share of the run database's block reads shared_buffers answered, the blocks
     * it read from outside them (the page cache, or the disk), and its memory bound ({@code pg.memory}) as measured, when one
     * was set.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Cache(Double sharedBuffersHitPct, long blocksRead, MemoryBound memoryBound) {
    }

    /**
     * What a server's processes (PostgreSQL's, or the engine's) used of their bound over the window: the most they held
     * (shared memory, their own and the page cache of their files), at the window's end their shared memory and the page
     * cache of their files, the file pages read again after the kernel had evicted them (what not fitting cost), and how
     * often the kernel reclaimed at the bound. {@code held}: the peak stayed within it (give or take the kernel's charge
     * batch).
     */
    public record MemoryBound(long bytes, long peakBytes, long sharedMemoryBytes, long pageCacheBytes, long refaultedBytes,
            long limitHits, boolean held) {
    }

    /** The database after the run: its server's version, its size, its largest tables. */
    public record Database(String version, long sizeBytes, List<Table> largestTables) {
    }

    /** A table, its indexes and its rows (the planner's estimate). */
    public record Table(String table, long totalBytes, long indexBytes, long rows) {
    }

    /** A statement of pg_stat_statements over the window: how often, how long in all and on average, how many rows. */
    public record Statement(String query, long calls, double totalMs, double meanMs, long rows) {
    }

    /** The connection pool: how long a connection took to get (acquisitions, mean, p99, max, over 1 ms) and its state. */
    public record Pool(long acquisitions, double meanMs, double p99Ms, double maxMs, long over1Ms, int total, int active,
            int pendingThreads) {
    }

    /**
     * The search index: the users in it, Lucene's documents (nested values included) and its size; the engine's memory bound
     * ({@code search.memory}) as measured, when one was set.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SearchIndex(String index, long users, long luceneDocuments, long sizeBytes, MemoryBound memoryBound) {
        /** Records before the engine's memory could be bounded. */
        public SearchIndex(String index, long users, long luceneDocuments, long sizeBytes) {
            this(index, users, luceneDocuments, sizeBytes, null);
        }

        public SearchIndex withMemoryBound(MemoryBound bound) {
            return new SearchIndex(index, users, luceneDocuments, sizeBytes, bound);
        }
    }

    /** The service's JVM over the window: garbage collections and their time, JIT compilation, the fixed heap. */
    public record Jvm(long gcCollections, long gcMillis, long jitCompileMillis, long heapMaxBytes) {
    }

    public Telemetry withJvm(Jvm jvm) {
        return new Telemetry(database, statementsWindow, statementsUnavailable, topStatements, connectionPool, searchIndex, jvm,
                cache);
    }
}
