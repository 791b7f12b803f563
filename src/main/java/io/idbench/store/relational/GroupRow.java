package io.idbench.store.relational;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** r_group (Syncope: SyncopeGroup). */
@Entity
@Table(name = "r_group")
class GroupRow extends OwnerEntity {
    @Column(name = "display_name", nullable = false)
    String displayName;

    @Override
    void name(String name) {
        this.displayName = name;
    }
}
