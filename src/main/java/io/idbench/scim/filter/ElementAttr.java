package io.idbench.scim.filter;

import io.idbench.scim.schema.AttributeDef;

/**
 * Inside {@link Expr.Any}: a sub-attribute of the current element, or the element itself
 * ({@code sub == null}) for multi-valued simple attributes.
 */
public record ElementAttr(AttributeDef sub, AttributeDef collection) implements Operand {

    @Override
    public AttributeDef valueDef() {
        return sub != null ? sub : collection;
    }
}
