package io.idbench.store.relational;

import jakarta.persistence.Entity;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

@Entity
@Table(name = "u_unique_value")
@IdClass(UniqueValueEntity.Key.class)
class UserUniqueValue extends UniqueValueEntity {
}
