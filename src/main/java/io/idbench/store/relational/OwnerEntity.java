package io.idbench.store.relational;

import io.idbench.store.VersionedEntity;
import jakarta.persistence.MappedSuperclass;

/** r_user / r_group: the resource row; its attributes live in the value tables. */
@MappedSuperclass
abstract class OwnerEntity extends VersionedEntity {

    /** Sets the name column (userName / displayName). */
    abstract void name(String name);
}
