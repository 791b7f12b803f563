package io.idbench.store.jsonb;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

@Entity
@Table(name = "scim_group")
class GroupEntity extends ResourceEntity {
    @Column(name = "display_name", nullable = false)
    String displayName;
}
