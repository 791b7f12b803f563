package io.idbench.search;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.Storage;
import io.idbench.scim.filter.ListQuery;
import io.idbench.store.IdentityStore;
import io.idbench.store.ResultPage;
import io.idbench.store.StoredResource;
import io.idbench.store.UserFields;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A storage whose user searches run on a search engine. Writes go to the database first; after
 * the commit, in the request path, the user's document is written to the engine (Syncope's
 * order). List requests run on the engine, which returns ids that are then loaded from the
 * database; a key lookup ({@link KeyLookups}) is answered by the database directly.
 *
 * <p>When the engine cannot be written, the write still succeeds (the database is the system of
 * record) and the user's id is recorded in {@link IndexBacklog}. While the backlog is not empty
 * the index is known to be stale: searches are answered by the database, writes skip the engine
 * and are recorded, and a repairer re-indexes the recorded users from the database every
 * {@link #REPAIR_INTERVAL_MS} ms until the engine takes them. So database and index never
 * disagree silently; {@link IndexConsistency} proves it and {@link #rebuild} starts over.
 *
 * <p>Why one class of this size: the consistency protocol between database and index (write
 * order, backlog, stale mode, repair, rebuild, snapshot restore) must be read as a whole to be
 * trusted; every path that writes is here, next to the rules it keeps.
 */
public final class IndexedIdentityStore implements IdentityStore {
    public static final long REPAIR_INTERVAL_MS = 1_000;
    /** Users re-indexed per repair or rebuild step. */
    public static final int BATCH = 1_000;
    private static final Logger LOG = LoggerFactory.getLogger(IndexedIdentityStore.class);

    private final IdentityStore store;
    private final SearchIndex index;
    private final IndexBacklog backlog;
    private final ScheduledExecutorService repairer;
    private final Object state = new Object();
    /**
     * True while the backlog may hold entries: the index is stale. Written under {@link #state};
     * read without it on every search and write (volatile), which is on the benchmark's path.
     */
    private volatile boolean stale;
    /**
     * A replica's: the backlog table is shared with other services of the same index, so entries they recorded make this
     * one stale too. Not for a service with an index of its own: services of other indexes may share its database (and
     * backlog table), and their entries are not this index's.
     */
    private boolean sharedBacklog;
    /** Incremented on every backlog record, so a repair knows whether it saw the last one. Guarded by {@link #state}. */
    private long recorded;
    private final AtomicLong fallbacks = new AtomicLong();
    private final AtomicLong engineSearches = new AtomicLong();
    private final AtomicLong repairedUsers = new AtomicLong();
    private volatile Rebuild lastRebuild;
    private volatile Duration lastRestore;
    private volatile Duration lastSnapshot;

    private IndexedIdentityStore(IdentityStore store, SearchIndex index, IndexBacklog backlog) {
        this.store = store;
        this.index = index;
        this.backlog = backlog;
        this.repairer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "idbench-index-repair");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Wraps {@code store}: creates the index when it does not exist, rebuilds it from the database
     * when its document count differs from the database's user count (a stale or foreign index),
     * and resumes repairing a backlog left by an earlier run.
     */
    public static IndexedIdentityStore open(IdentityStore store, SearchIndex index, IndexBacklog backlog) {
        return open(store, index, backlog, n -> {});
    }

    /** As {@link #open(IdentityStore, SearchIndex, IndexBacklog)}; a rebuild reports the users indexed so far. */
    public static IndexedIdentityStore open(IdentityStore store, SearchIndex index, IndexBacklog backlog, LongConsumer progress) {
        return open(store, index, backlog, progress, null);
    }

    /**
     * A snapshot of the index for one dataset: restored instead of a rebuild when the index is
     * missing, taken after a rebuild. Only for a database that holds exactly that dataset.
     */
    public record Snapshot(Path location, String name) {
    }

    /** As above; with a {@code snapshot}, a missing index is restored from it when it exists, and kept in it after a rebuild. */
    public static IndexedIdentityStore open(IdentityStore store, SearchIndex index, IndexBacklog backlog, LongConsumer progress,
            Snapshot snapshot) {
        IndexedIdentityStore indexed = new IndexedIdentityStore(store, index, backlog);
        store.onMembershipChange(indexed::reindexMembers);
        long users = store.countUsers();
        if (!index.exists()) {
            if (snapshot != null && indexed.restore(snapshot, users)) {
                LOG.info("Index restored from snapshot {}", snapshot.name());
            } else {
                LOG.info("Creating index ({} users to load)", users);
                indexed.rebuild(progress);
                if (snapshot != null) {
                    long t0 = System.nanoTime();
                    index.snapshot(snapshot.location(), snapshot.name());
                    indexed.lastSnapshot = Duration.ofNanos(System.nanoTime() - t0);
                }
            }
        } else if (index.count() != users) {
            LOG.warn("The index holds {} documents, the database {} users: rebuilding it", index.count(), users);
            indexed.rebuild(progress);
        }
        return indexed.startRepairing();
    }

    /**
     * A replica's view of the index another service created and keeps: connected as it is, never created or rebuilt
     * here (the other service may be writing to it); a backlog that any of them recorded makes every one of them stale.
     */
    public static IndexedIdentityStore attach(IdentityStore store, DataSource dataSource, SearchIndex index) {
        try {
            if (!index.exists()) {
                throw new IllegalStateException("the search index does not exist (" + index.description()
                        + "): a replica serves the index the service it replicates created");
            }
            IndexedIdentityStore indexed = new IndexedIdentityStore(store, index, new IndexBacklog(dataSource));
            indexed.sharedBacklog = true;
            store.onMembershipChange(indexed::reindexMembers);
            return indexed.startRepairing();
        } catch (RuntimeException e) {
            index.close();
            throw e;
        }
    }

    private IndexedIdentityStore startRepairing() {
        if (backlog.size() > 0) {
            markStale();
        }
        // Cancelled by shutting the repairer down on close; repairQuietly logs its own failures.
        var unused = repairer.scheduleWithFixedDelay(this::repairQuietly, REPAIR_INTERVAL_MS, REPAIR_INTERVAL_MS,
                TimeUnit.MILLISECONDS);
        return this;
    }

    /** The usual stack: the user index on its engine, connected, and the backlog in the store's database. */
    public static IndexedIdentityStore connect(IdentityStore store, DataSource dataSource, SearchIndex index) {
        return connect(store, dataSource, index, n -> {}, null);
    }

    /**
     * As above; a rebuild at start reports the users indexed so far to {@code progress}; with a snapshot of the index for
     * the dataset the database holds, {@code snapshot}'s name made unique to the engine, its version and the index mapping.
     */
    public static IndexedIdentityStore connect(IdentityStore store, DataSource dataSource, SearchIndex index, LongConsumer progress,
            Snapshot snapshot) {
        try {
            Snapshot own = snapshot == null ? null : new Snapshot(snapshot.location(), (snapshot.name() + "-" + index.engine() + "-"
                    + index.version() + "-" + index.mappingFingerprint()).toLowerCase(Locale.ROOT));
            return open(store, index, new IndexBacklog(dataSource), progress, own);
        } catch (RuntimeException e) {
            index.close();
            throw e;
        }
    }

    public SearchIndex index() {
        return index;
    }

    @Override
    public Storage storage() {
        return store.storage();
    }

    // ---- users ---------------------------------------------------------------------------

    @Override
    public StoredResource createUser(UUID id, ObjectNode body, String passwordHash) {
        return reindexed(store.createUser(id, body, passwordHash));
    }

    @Override
    public Optional<StoredResource> findUser(UUID id) {
        return store.findUser(id);
    }

    @Override
    public StoredResource modifyUser(UUID id, Long expectedVersion, UserChange change) {
        return reindexed(store.modifyUser(id, expectedVersion, change));
    }

    /** A user just written: its document follows once the write has committed. */
    private StoredResource reindexed(StoredResource user) {
        afterCommit(List.of(user.id()), () -> index.index(user));
        return user;
    }

    @Override
    public long deleteUser(UUID id, Long expectedVersion) {
        long version = store.deleteUser(id, expectedVersion);
        afterCommit(List.of(id), () -> index.delete(id, version));
        return version;
    }

    @Override
    public ResultPage searchUsers(ListQuery query, UserFields fields) {
        if (query.filter() != null && KeyLookups.isKeyLookup(query.filter())) {
            return store.searchUsers(query, fields);
        }
        if (isStale()) {
            fallbacks.incrementAndGet();
            return store.searchUsers(query, fields);
        }
        SearchHits hits;
        try {
            hits = index.search(query);
            engineSearches.incrementAndGet();
        } catch (SearchIndexException e) {
            fallbacks.incrementAndGet();
            LOG.warn("Search answered by the database: {}", e.getMessage());
            return store.searchUsers(query, fields);
        }
        return new ResultPage(store.findUsers(hits.ids(), fields), hits.totalResults());
    }

    @Override
    public List<StoredResource> findUsers(List<UUID> ids, UserFields fields) {
        return store.findUsers(ids, fields);
    }

    @Override
    public List<StoredResource> usersAfter(UUID after, int limit) {
        return store.usersAfter(after, limit);
    }

    @Override
    public long countUsers() {
        return store.countUsers();
    }

    @Override
    public Optional<String> databaseProblem() {
        return store.databaseProblem();
    }

    /** Why the engine cannot serve the index now, or empty when it can. */
    public Optional<String> engineProblem() {
        try {
            index.count();
            return Optional.empty();
        } catch (SearchIndexException e) {
            return Optional.of(e.getMessage());
        }
    }

    // ---- groups: their members' documents carry the membership --------------------------

    @Override
    public StoredResource createGroup(UUID id, ObjectNode body, int memberLimit) {
        return store.createGroup(id, body, memberLimit);
    }

    @Override
    public Optional<StoredResource> findGroup(UUID id, int memberLimit) {
        return store.findGroup(id, memberLimit);
    }

    @Override
    public StoredResource modifyGroup(UUID id, Long expectedVersion, int memberLimit, UnaryOperator<ObjectNode> change) {
        return store.modifyGroup(id, expectedVersion, memberLimit, change);
    }

    @Override
    public void deleteGroup(UUID id, Long expectedVersion) {
        store.deleteGroup(id, expectedVersion);
    }

    @Override
    public StoredResource changeGroupMembers(UUID id, Long expectedVersion, Set<UUID> add, Set<UUID> remove) {
        return store.changeGroupMembers(id, expectedVersion, add, remove);
    }

    @Override
    public ResultPage searchGroups(ListQuery query, int memberLimit) {
        return store.searchGroups(query, memberLimit);
    }

    @Override
    public void ensureGroups(Iterable<String> displayNames) {
        store.ensureGroups(displayNames);
    }

    /** The store reports, after each group write's commit, the users whose groups changed. */
    private void reindexMembers(List<UUID> users) {
        for (int from = 0; from < users.size(); from += BATCH) {
            List<UUID> batch = users.subList(from, Math.min(users.size(), from + BATCH));
            afterCommit(batch, () -> index.bulk(store.findUsers(batch)));
        }
    }

    // ---- failures, backlog and repair ----------------------------------------------------

    /** Writes to the engine after a commit; on failure (or while stale) records the users instead. */
    private void afterCommit(List<UUID> users, Runnable write) {
        if (!isStale()) {
            try {
                write.run();
                return;
            } catch (SearchIndexException e) {
                LOG.warn("Index write failed after commit, recorded for repair ({} users): {}", users.size(), e.getMessage());
                record(users, e.getMessage());
                return;
            }
        }
        record(users, "index stale: written while earlier writes await repair");
    }

    private void record(List<UUID> users, String reason) {
        synchronized (state) {
            backlog.record(users, reason);
            recorded++;
            stale = true;
        }
    }

    private void markStale() {
        synchronized (state) {
            recorded++;
            stale = true;
        }
    }

    public boolean isStale() {
        return stale;
    }

    private void repairQuietly() {
        try {
            // Replicas share the backlog (it is in the database): what another one recorded makes this one stale too.
            if (sharedBacklog && !stale && backlog.size() > 0) {
                markStale();
            }
            repair();
        } catch (RuntimeException e) {
            LOG.debug("Repair attempt failed: {}", e.getMessage());
        }
    }

    /** Re-indexes the recorded users from the database until the backlog is empty. */
    public synchronized void repair() {
        long seen;
        synchronized (state) {
            if (!stale) {
                return;
            }
            seen = recorded;
        }
        if (backlog.rebuildPending()) {
            rebuild(n -> {}); // ends with a repair of what was written during it
            return;
        }
        List<IndexBacklog.Entry> entries;
        while (!(entries = backlog.oldest(BATCH)).isEmpty()) {
            if (entries.stream().anyMatch(IndexBacklog.Entry::everyUser)) {
                rebuild(n -> {}); // asked for while this repair ran
                return;
            }
            List<UUID> ids = entries.stream().map(IndexBacklog.Entry::userId).toList();
            List<StoredResource> found = store.findUsers(ids);
            Set<UUID> gone = new HashSet<>(ids);
            found.forEach(r -> gone.remove(r.id()));
            index.bulk(found);
            index.remove(gone);
            backlog.repaired(entries);
            repairedUsers.addAndGet(entries.size());
        }
        synchronized (state) {
            if (recorded == seen) {
                stale = false;
                LOG.info("Index repaired; searches run on the engine again");
            }
        }
    }

    /**
     * Drops the index and loads every user from the database in {@code _bulk} requests, periodic
     * refresh off during the load. Searches are answered by the database meanwhile.
     *
     * @return the number of users indexed
     */
    public long rebuild() {
        return rebuild(n -> {});
    }

    /** A rebuild: how many users, how long. */
    public record Rebuild(long users, Duration took) {
    }

    /** Restores the index from the snapshot; false (and no index) when there is none or it does not hold {@code users}. */
    private boolean restore(Snapshot snapshot, long users) {
        long t0 = System.nanoTime();
        if (!index.restore(snapshot.location(), snapshot.name())) {
            return false;
        }
        if (index.count() != users) {
            LOG.warn("Snapshot {} holds {} documents, the database {} users: rebuilding instead", snapshot.name(), index.count(), users);
            index.drop();
            return false;
        }
        lastRestore = Duration.ofNanos(System.nanoTime() - t0);
        return true;
    }

    /** How long restoring the index from its snapshot took at start, if it was restored. */
    public Optional<Duration> lastRestore() {
        return Optional.ofNullable(lastRestore);
    }

    /** How long taking the snapshot after the start's rebuild took, if one was taken. */
    public Optional<Duration> lastSnapshot() {
        return Optional.ofNullable(lastSnapshot);
    }

    /** The last {@link #rebuild}, if any ran (at start when the index was missing or stale). */
    public Optional<Rebuild> lastRebuild() {
        return Optional.ofNullable(lastRebuild);
    }

    /** As {@link #rebuild()}, reporting the users indexed so far to {@code progress}. */
    public synchronized long rebuild(LongConsumer progress) {
        long t0 = System.nanoTime();
        markStale();
        // Recorded before anything is dropped, and settled only once the load completed: a failed
        // rebuild leaves the index stale (searches on the database) until one succeeds.
        OffsetDateTime started = backlog.recordRebuild("rebuild started");
        index.drop();
        index.create(true);
        long n = 0;
        // The next page is read from the database while the engine indexes this one.
        CompletableFuture<List<StoredResource>> next = CompletableFuture.supplyAsync(() -> store.usersAfter(null, BATCH));
        List<StoredResource> page;
        while (!(page = next.join()).isEmpty()) {
            UUID after = page.get(page.size() - 1).id();
            next = CompletableFuture.supplyAsync(() -> store.usersAfter(after, BATCH));
            index.bulk(page);
            n += page.size();
            progress.accept(n);
        }
        index.loaded();
        backlog.rebuilt(started);
        repair(); // writes made during the load were recorded; this also clears the stale state
        lastRebuild = new Rebuild(n, Duration.ofNanos(System.nanoTime() - t0));
        return n;
    }

    /** State for the status endpoint: stale or not, backlog size, searches answered by the database. */
    public ObjectNode status(ObjectNode out) {
        out.put("index", index.description());
        out.put("stale", isStale());
        out.put("backlog", backlog.size());
        out.put("rebuildPending", backlog.rebuildPending());
        out.put("engineSearches", engineSearches.get());
        out.put("searchFallbacks", fallbacks.get());
        out.put("repairedUsers", repairedUsers.get());
        return out;
    }

    @Override
    public void close() {
        repairer.shutdownNow();
        try {
            index.close();
        } finally {
            store.close();
        }
    }
}
