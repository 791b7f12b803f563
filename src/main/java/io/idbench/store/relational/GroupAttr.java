package io.idbench.store.relational;

import jakarta.persistence.Entity;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

@Entity
@Table(name = "g_attr")
@IdClass(AttrEntity.Key.class)
class GroupAttr extends AttrEntity {
}
