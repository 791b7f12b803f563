package io.idbench.store.relational;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.io.Serializable;
import java.util.UUID;

/** u_attr / g_attr: one row per (owner, attribute) (Syncope: UPlainAttr / GPlainAttr). */
@MappedSuperclass
abstract class AttrEntity {
    @Id
    @Column(name = "owner_id")
    UUID ownerId;

    @Id
    @Column(name = "schema_id")
    short schemaId;

    record Key(UUID ownerId, short schemaId) implements Serializable {
        public Key() {
            this(null, (short) 0);
        }
    }
}
