package io.idbench.store;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;
import java.util.UUID;

/**
 * The columns every resource row has in every storage. The version is managed explicitly under
 * a row lock (see {@link SqlIdentityStore#lock}), not by JPA optimistic locking: If-Match must be
 * checked against the committed version, and writers without If-Match must serialize, not fail.
 */
@MappedSuperclass
public abstract class VersionedEntity {
    @Id
    public UUID id;

    @Column(nullable = false)
    public long version;

    @Column(nullable = false)
    public Instant created;

    @Column(name = "last_modified", nullable = false)
    public Instant lastModified;

    /** Marks a modification: new version, lastModified now (created too, on the first one). */
    public void touch(Instant now) {
        if (created == null) {
            created = now;
        }
        lastModified = now;
        version++;
    }
}
