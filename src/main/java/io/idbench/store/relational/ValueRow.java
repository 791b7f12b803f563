package io.idbench.store.relational;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One value row: leaf, element index and typed value (String, Long, BigDecimal, Instant or
 * Boolean). Rows are compared by (leaf, idx) to find what a modification changed.
 */
record ValueRow(short schemaId, int idx, Object value) {

    long key() {
        return ((long) schemaId << 32) | (idx & 0xffffffffL);
    }

    boolean sameValue(ValueRow other) {
        if (value instanceof BigDecimal a && other.value instanceof BigDecimal b) {
            return a.compareTo(b) == 0;
        }
        return Objects.equals(value, other.value);
    }
}
