package io.idbench.scim.filter;

import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.Schema;

/**
 * A resource-level attribute: top-level {@code attribute} of {@code schema}, or its sub-attribute
 * {@code sub} when {@code attribute} is a single-valued complex attribute (e.g. name.givenName).
 */
public record AttrRef(Schema schema, AttributeDef attribute, AttributeDef sub) implements Operand {

    public static AttrRef of(Schema schema, AttributeDef attribute) {
        return new AttrRef(schema, attribute, null);
    }

    @Override
    public AttributeDef valueDef() {
        return sub != null ? sub : attribute;
    }

    @Override
    public String toString() {
        return sub == null ? attribute.name() : attribute.name() + "." + sub.name();
    }
}
