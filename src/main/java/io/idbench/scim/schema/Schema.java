package io.idbench.scim.schema;

import java.util.List;
import java.util.Optional;

/** A SCIM schema (RFC 7643 §7): its URN, name and top-level attributes. */
public record Schema(String id, String name, String description, List<AttributeDef> attributes) {

    public Schema {
        attributes = List.copyOf(attributes);
    }

    /** Case-insensitive attribute lookup. */
    public Optional<AttributeDef> attribute(String attributeName) {
        for (AttributeDef a : attributes) {
            if (a.name().equalsIgnoreCase(attributeName)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
