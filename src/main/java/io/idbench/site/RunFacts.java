package io.idbench.site;

import io.idbench.config.ByteSize;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioConfig;
import io.idbench.record.Environment;
import io.idbench.record.RunRecord;
import io.idbench.record.SeedRecord;
import io.idbench.record.Service;
import io.idbench.record.Telemetry;
import io.idbench.results.RecordedRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of a run's record its page lists as facts, each named for a reader and its value formatted: the machine and
 * software, the connection pool's waits, the search index, the product, the seed's phases. No field name of the record and no
 * raw number reaches the page.
 */
final class RunFacts {
    private RunFacts() {
    }

    /** One line of a facts table. */
    record Fact(String name, String value) {
    }

    static List<Fact> environment(RecordedRun run) {
        Environment e = run.record().environment();
        List<Fact> out = new ArrayList<>();
        out.add(new Fact("machine", run.machineLabel()));
        if (e == null) {
            return out;
        }
        add(out, "operating system", e.os());
        add(out, "JDK", e.jdk());
        add(out, "JMeter", e.jmeter());
        out.add(new Fact("code", run.fullCommit().isEmpty() ? "unknown"
                : run.fullCommit() + (Boolean.TRUE.equals(e.gitDirty()) ? " with uncommitted changes"
                        + (e.gitChanges() == null ? "" : " (" + e.gitChanges() + ")") : "")));
        add(out, "PostgreSQL", e.postgresql());
        add(out, "search engine", e.searchEngine());
        if (e.providers() != null) {
            e.providers().forEach((server, p) -> out.add(new Fact(server + " provided by", p.description())));
        }
        return out;
    }

    /**
     * What keeps a verdict off a run, or makes a quote of it need a word: disturbed, handicapped, not steady within itself;
     * "" for none. Said wherever the run is quoted, so that a figure of such a run never passes as one to trust.
     */
    static String marks(RecordedRun r) {
        List<String> out = new ArrayList<>();
        if (r.disturbed() != null) {
            out.add("DISTURBED, no verdict stands on it: " + r.disturbed());
        }
        if (r.handicap() != null) {
            out.add("HANDICAPPED (" + r.handicap() + "): a calibration, not a measurement");
        }
        if (!r.steady()) {
            out.add("NOT STEADY within the run: " + FindingWords.unsteady(r));
        }
        return out.isEmpty() ? "" : " (" + String.join("; ", out) + ")";
    }

    /** A run in a line for a list of a user's runs: its size, load and repetitions, its one-line result, its marks. */
    static String brief(RecordedRun r) {
        String result = RunPage.headline(r);
        return Format.count(r.users()) + " identities, " + r.load().words() + ", " + repetitions(r) + " · "
                + (r.complete() ? result.isEmpty() ? "no figures" : result : r.status() + (r.statusReason().isEmpty() ? ""
                        : ": " + r.statusReason()))
                + marks(r);
    }

    /** "4 repetitions", or "40 repetitions (after 1 settling)". */
    static String repetitions(RecordedRun r) {
        int measured = r.record().repetitions().size();
        int settling = r.record().settling().size();
        return Format.plural(measured, "repetition") + (settling > 0 ? " (after " + settling + " settling)" : "");
    }

    /**
     * What the run measured, as a reader of a large one must know it first: its repetitions, its dataset against the
     * machine's memory, and what plan 1's hot set touched of it.
     */
    static List<String> measured(RecordedRun r) {
        List<String> out = new ArrayList<>();
        if (r.complete()) {
            out.add("Measured over " + repetitions(r) + ": " + r.load().driven() + ".");
        }
        SeedRecord seed = r.record().seed();
        Environment env = r.record().environment();
        if (seed != null && seed.databaseBytes() != null && env != null && env.memoryBytes() > 0) {
            double share = 100.0 * seed.databaseBytes() / env.memoryBytes();
            String buffers = r.parameter("pg.sharedBuffers");
            out.add("The dataset: " + Format.count(seed.users()) + " identities in " + Format.bytes(seed.databaseBytes())
                    + " of database, " + Format.figure(share) + " % of the machine's " + Format.bytes(env.memoryBytes()) + " of memory"
                    + (share < 100 ? ": it fits in the page cache" : ": more than the memory, so reads that miss go to the disk")
                    + (buffers.isBlank() ? "" : ", " + (seed.databaseBytes() > bytes(buffers) ? "not" : "and") + " in"
                            + " PostgreSQL's own shared_buffers (" + buffers + ")")
                    + ".");
        }
        if (r.plan() == Plan.DEFAULT && r.service() && r.users() > 0) {
            Telemetry t = r.record().telemetry();
            String hits = t == null || t.cache() == null || t.cache().sharedBuffersHitPct() == null ? ""
                    : "; shared_buffers answered " + Format.figure(t.cache().sharedBuffersHitPct()) + " % of its block reads";
            out.add("populate".equals(r.parameter("hotset")) || r.parameter("hotset").isBlank()
                    ? "What it touched: plan 1 reads, updates and searches the identities its own threads created (hotset=populate, as"
                            + " in 2018; 30 a thread each repetition), not the " + Format.count(r.users()) + " seeded ones" + hits
                            + ". With hotset=all they spread over every seeded identity."
                    : "What it touched: plan 1's reads, updates and searches spread over all " + Format.count(r.users())
                            + " seeded identities (hotset=all)" + hits + ".");
        }
        return out;
    }

    private static long bytes(String size) {
        try {
            return ByteSize.parse("shared_buffers", size);
        } catch (RuntimeException e) {
            return Long.MAX_VALUE;
        }
    }

    static List<Fact> pool(Telemetry t) {
        if (t == null || t.connectionPool() == null) {
            return List.of();
        }
        Telemetry.Pool p = t.connectionPool();
        double share = p.acquisitions() == 0 ? 0 : 100.0 * p.over1Ms() / p.acquisitions();
        return List.of(new Fact("connections", Format.count(p.total())), new Fact("acquisitions", Format.count(p.acquisitions())),
                new Fact("waited over 1 ms", Format.count(p.over1Ms()) + " (" + Format.figure(share) + " %)"),
                new Fact("wait: mean, p99, max", Format.figure(p.meanMs()) + ", " + Format.figure(p.p99Ms()) + ", "
                        + Format.figure(p.maxMs()) + " ms"),
                new Fact("at the end: active, threads waiting", Format.count(p.active()) + ", " + Format.count(p.pendingThreads())));
    }

    /**
     * The run's first screen says when PostgreSQL's memory (pg.memory) or the engine's (search.memory) was bounded: its
     * figures are then a store whose data may not fit in memory, not the machine's usual one. Null without a bound.
     */
    static String memoryBound(RunRecord r) {
        Telemetry t = r.telemetry();
        List<String> bounds = new ArrayList<>();
        String pg = r.parameter("pg.memory");
        if (!pg.isBlank() && !pg.equals(ScenarioConfig.NO_MEMORY_BOUND)) {
            bounds.add("PostgreSQL could use at most " + pg + " of memory, shared_buffers and the page cache of its files included"
                    + " (pg.memory)" + (r.seed() != null && r.seed().databaseBytes() != null ? ", for a database of "
                            + Format.bytes(r.seed().databaseBytes()) : "")
                    + held(t == null || t.cache() == null ? null : t.cache().memoryBound()));
        }
        String engine = r.parameter("search.memory");
        if (!engine.isBlank() && !engine.equals(ScenarioConfig.NO_MEMORY_BOUND)) {
            Telemetry.SearchIndex index = t == null ? null : t.searchIndex();
            bounds.add("The search engine could use at most " + engine + " of memory, its heap and the page cache of its index"
                    + " included (search.memory)" + (index != null ? ", for an index of " + Format.bytes(index.sizeBytes()) : "")
                    + held(index == null ? null : index.memoryBound()));
        }
        return bounds.isEmpty() ? null
                : String.join(". ", bounds) + ": compare it with runs of the same bound" + (bounds.size() > 1 ? "s" : "") + " only.";
    }

    private static String held(Telemetry.MemoryBound m) {
        if (m == null) {
            return "";
        }
        return (m.held() ? "; the bound held (peak " : "; the bound did NOT hold (peak ") + Format.bytes(m.peakBytes())
                + (m.limitHits() > 0 ? ", the kernel reclaimed at it " + Format.count(m.limitHits()) + " times)" : ", never reached)");
    }

    /** PostgreSQL's caching over the run, and its memory bound as measured (pg.memory). */
    static List<Fact> cache(Telemetry t) {
        if (t == null || t.cache() == null) {
            return List.of();
        }
        Telemetry.Cache c = t.cache();
        List<Fact> out = new ArrayList<>();
        out.add(new Fact("block reads shared_buffers answered", c.sharedBuffersHitPct() == null ? "none read"
                : Format.figure(c.sharedBuffersHitPct()) + " %"));
        out.add(new Fact("blocks read from outside them (page cache or disk)", Format.count(c.blocksRead())));
        if (c.memoryBound() != null) {
            out.addAll(bound(c.memoryBound(), "pg.memory", "shared_buffers, its processes' memory and the page cache of its files"));
        }
        return out;
    }

    /** A memory bound as measured: its size, its peak, what it held at the end, and what not fitting cost. */
    private static List<Fact> bound(Telemetry.MemoryBound b, String parameter, String what) {
        return List.of(new Fact("memory bound (" + parameter + ")", Format.bytes(b.bytes()) + ": " + what),
                new Fact("peak within the bound, measured", Format.bytes(b.peakBytes()) + (b.held() ? " (held)" : " (EXCEEDED)")),
                new Fact("at the end: shared memory, page cache of its files", Format.bytes(b.sharedMemoryBytes()) + ", "
                        + Format.bytes(b.pageCacheBytes())),
                new Fact("read again after the kernel evicted it", Format.bytes(b.refaultedBytes())),
                new Fact("reclaimed at the bound", Format.count(b.limitHits()) + " times"
                        + (b.limitHits() == 0 ? " (the bound did not limit it)" : "")));
    }

    static List<Fact> searchIndex(Telemetry t) {
        if (t == null || t.searchIndex() == null) {
            return List.of();
        }
        Telemetry.SearchIndex s = t.searchIndex();
        List<Fact> out = new ArrayList<>(List.of(new Fact("index", s.index()), new Fact("users", Format.count(s.users())),
                new Fact("Lucene documents (nested values included)", Format.count(s.luceneDocuments())),
                new Fact("size", Format.bytes(s.sizeBytes()))));
        if (s.memoryBound() != null) {
            out.addAll(bound(s.memoryBound(), "search.memory", "its heap, its JVM's own memory and the page cache of its index"));
        }
        return out;
    }

    static List<Fact> product(Service service) {
        if (service == null || service.product() == null) {
            return List.of();
        }
        Service.Product p = service.product();
        List<Fact> out = new ArrayList<>();
        add(out, "product", p.name());
        add(out, "version", p.version());
        add(out, "database", p.database());
        add(out, "heap", p.heap());
        add(out, "options", p.options());
        if (p.startupSeconds() != null) {
            out.add(new Fact("start-up", Format.figure(p.startupSeconds()) + " s"));
        }
        if (p.notes() != null) {
            p.notes().forEach(n -> out.add(new Fact("note", n)));
        }
        return out;
    }

    /** The seed's phases, by a reader's name, in seconds; the longest builds are listed apart. */
    static Map<String, String> phases(SeedRecord.Phases p) {
        Map<String, String> out = new LinkedHashMap<>();
        if (p == null) {
            return out;
        }
        put(out, "generate", p.generate());
        put(out, "COPY", p.copy());
        put(out, "index build", p.indexBuild());
        put(out, "VACUUM ANALYZE", p.vacuumAnalyze());
        put(out, "clone", p.cloneDatabase());
        put(out, "engine bulk load", p.engineBulk());
        put(out, "engine snapshot", p.engineSnapshot());
        put(out, "engine restore", p.engineRestore());
        put(out, "users over SCIM", p.scimUsers());
        put(out, "memberships over SCIM", p.scimMemberships());
        return out;
    }

    private static void put(Map<String, String> out, String name, Double seconds) {
        if (seconds != null) {
            out.put(name, Format.figure(seconds) + " s");
        }
    }

    private static void add(List<Fact> out, String name, String value) {
        if (value != null && !value.isBlank()) {
            out.add(new Fact(name, value));
        }
    }
}
