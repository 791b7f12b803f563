package io.idbench.store.jsonb;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** Columns shared by scim_user and scim_group. The version is managed explicitly under a row lock. */
@MappedSuperclass
abstract class ResourceEntity {
    @Id
    UUID id;

    /** Canonical SCIM body as JSON text; Hibernate binds it as jsonb without re-serialising. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb", nullable = false)
    String doc;

    @Column(nullable = false)
    long version;

    @Column(nullable = false)
    Instant created;

    @Column(name = "last_modified", nullable = false)
    Instant lastModified;
}
