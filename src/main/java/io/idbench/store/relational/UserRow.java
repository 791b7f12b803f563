package io.idbench.store.relational;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** r_user (Syncope: SyncopeUser). */
@Entity
@Table(name = "r_user")
class UserRow extends OwnerEntity {
    @Column(name = "user_name", nullable = false)
    String userName;

    @Column(name = "password_hash")
    String passwordHash;

    @Override
    void name(String name) {
        this.userName = name;
    }
}
