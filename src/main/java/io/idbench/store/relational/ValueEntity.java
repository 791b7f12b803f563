package io.idbench.store.relational;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/** u_value / g_value: one typed value (Syncope: UPlainAttrValue / GPlainAttrValue). */
@MappedSuperclass
abstract class ValueEntity {
    @Column(name = "owner_id", nullable = false)
    UUID ownerId;

    @Column(name = "schema_id", nullable = false)
    short schemaId;

    @Column(nullable = false)
    int idx;

    @Column(name = "string_value")
    String stringValue;

    @Column(name = "long_value")
    Long longValue;

    @Column(name = "double_value")
    BigDecimal doubleValue;

    @Column(name = "date_value")
    Instant dateValue;

    @Column(name = "boolean_value")
    Boolean booleanValue;

    ValueRow row() {
        Object v = stringValue != null ? stringValue : longValue != null ? longValue : doubleValue != null ? doubleValue
                : dateValue != null ? dateValue : booleanValue;
        return new ValueRow(schemaId, idx, v);
    }

    void value(Object v) {
        stringValue = v instanceof String s ? s : null;
        longValue = v instanceof Long l ? l : null;
        doubleValue = v instanceof BigDecimal d ? d : null;
        dateValue = v instanceof Instant i ? i : null;
        booleanValue = v instanceof Boolean b ? b : null;
    }
}
