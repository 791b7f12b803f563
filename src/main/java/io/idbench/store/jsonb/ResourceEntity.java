package io.idbench.store.jsonb;

import io.idbench.store.VersionedEntity;
import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** scim_user / scim_group: the resource row with its attributes in one jsonb document. */
@MappedSuperclass
abstract class ResourceEntity extends VersionedEntity {
    /** Canonical SCIM body as JSON text; Hibernate binds it as jsonb without re-serialising. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb", nullable = false)
    String doc;
}
