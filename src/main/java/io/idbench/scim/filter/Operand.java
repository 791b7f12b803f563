package io.idbench.scim.filter;

import io.idbench.scim.schema.AttributeDef;

/** What a comparison reads: an attribute of the resource or a sub-attribute of the current element. */
public sealed interface Operand permits AttrRef, ElementAttr {

    /** The definition of the value compared (type, caseExact). */
    AttributeDef valueDef();
}
