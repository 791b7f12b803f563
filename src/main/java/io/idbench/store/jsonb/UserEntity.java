package io.idbench.store.jsonb;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

@Entity
@Table(name = "scim_user")
class UserEntity extends ResourceEntity {
    @Column(name = "user_name", nullable = false)
    String userName;

    @Column(name = "password_hash")
    String passwordHash;
}
