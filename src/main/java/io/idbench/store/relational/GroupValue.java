package io.idbench.store.relational;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

@Entity
@Table(name = "g_value")
class GroupValue extends ValueEntity {
    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "g_value_seq")
    @SequenceGenerator(name = "g_value_seq", sequenceName = "g_value_seq", allocationSize = 50)
    Long id;
}
