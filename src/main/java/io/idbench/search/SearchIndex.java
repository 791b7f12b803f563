package io.idbench.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.SearchMode;
import io.idbench.record.Telemetry;
import io.idbench.scim.filter.ListQuery;
import io.idbench.store.StoredResource;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * The search-engine port: one document per user, written after the database commit, searched
 * with the filter AST. Every failure to reach or use the engine is a {@link SearchIndexException}.
 * Writes carry the user's version, so a late write of an older version never overwrites a newer one.
 */
public interface SearchIndex extends AutoCloseable {

    /** One line: engine, version, where, which index. */
    String description();

    /** Which engine answers (never {@link SearchMode#SQL}). */
    SearchMode engine();

    /** The engine's version, as it reports it. */
    String version();

    boolean exists();

    /** The index's users, documents and size on disk, for a run's telemetry. */
    Telemetry.SearchIndex stats();

    /** Creates the index with its mapping; {@code bulkLoad} turns periodic refresh off until {@link #loaded()}. */
    void create(boolean bulkLoad);

    /** Ends a bulk load: periodic refresh back on, then one refresh so everything is searchable. */
    void loaded();

    void drop();

    void index(StoredResource user);

    /** Removes a deleted user; {@code deletedVersion} fences off late writes of older versions. */
    void delete(UUID id, long deletedVersion);

    /** Indexes many users in {@code _bulk} requests. */
    void bulk(List<StoredResource> users);

    /** Removes documents whatever their version (repair of users the database no longer has). */
    void remove(Collection<UUID> ids);

    SearchHits search(ListQuery query);

    long count();

    void refresh();

    /** Visits every document: its id and its indexed source. */
    void scan(BiConsumer<String, JsonNode> each);

    /**
     * Keeps a copy of the index as snapshot {@code name} in the repository at {@code location}, a
     * directory the engine may write (its {@code path.repo}); an older snapshot of that name is replaced.
     */
    void snapshot(Path location, String name);

    /** Restores the index from snapshot {@code name} at {@code location}; false when there is no such snapshot. */
    boolean restore(Path location, String name);

    /** A fingerprint of the index's mapping and shard count: a snapshot taken with another of either is not this index's. */
    String mappingFingerprint();

    /** The document {@link #index} writes for a user (what a consistency check compares against). */
    ObjectNode document(StoredResource user);

    @Override
    void close();
}
