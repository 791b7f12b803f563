package io.idbench.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.UUID;

/**
 * A resource as a storage returns it: the canonical body (for users including the computed
 * {@code groups}, for groups the {@code members} when they were asked for) and its metadata.
 */
public record StoredResource(UUID id, ObjectNode body, long version, Instant created, Instant lastModified) {
}
