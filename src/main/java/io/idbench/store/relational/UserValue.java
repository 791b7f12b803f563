package io.idbench.store.relational;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

@Entity
@Table(name = "u_value")
class UserValue extends ValueEntity {
    /** Pooled ids: one sequence call per 50 values. */
    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "u_value_seq")
    @SequenceGenerator(name = "u_value_seq", sequenceName = "u_value_seq", allocationSize = 50)
    Long id;
}
