package io.idbench.store.relational;

import jakarta.persistence.Entity;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

@Entity
@Table(name = "u_attr")
@IdClass(AttrEntity.Key.class)
class UserAttr extends AttrEntity {
}
