package io.idbench.store.relational;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.io.Serializable;
import java.util.UUID;

/**
 * u_unique_value / g_unique_value (Syncope: UPlainAttrUniqueValue): the (schema, value) primary
 * key is the uniqueness constraint, so two concurrent writers cannot both hold a value.
 */
@MappedSuperclass
abstract class UniqueValueEntity {
    @Id
    @Column(name = "schema_id")
    short schemaId;

    @Id
    @Column(name = "value")
    String value;

    @Column(name = "owner_id", nullable = false)
    UUID ownerId;

    record Key(short schemaId, String value) implements Serializable {
        public Key() {
            this((short) 0, null);
        }
    }
}
