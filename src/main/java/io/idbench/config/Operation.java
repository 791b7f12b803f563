package io.idbench.config;

import java.util.Objects;

/**
 * One operation a plan measures: its label (JMeter's, kept as the record's key), what it does and through which interface.
 *
 * @param label its samples' label in the JTL and the record, as a person reads it ("Create new user")
 */
public record Operation(String label, OperationKind kind, Api api) {
    public Operation {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(api, "api");
    }
}
