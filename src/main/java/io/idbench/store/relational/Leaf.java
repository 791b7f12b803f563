package io.idbench.store.relational;

import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.AttributeType;
import io.idbench.scim.schema.Schema;

/**
 * One entry of the attribute catalogue (plain_schema): a SCIM leaf attribute, i.e. a simple
 * attribute or a sub-attribute of a complex one, stored as value rows of one typed column.
 * {@code typedUnique} marks the pseudo-attribute "phoneNumbers[type eq "mobile"].value".
 */
record Leaf(short id, String name, Schema schema, AttributeDef attribute, AttributeDef sub, String typedUnique) {

    /** The SCIM definition of the stored value (type, caseExact, uniqueness). */
    AttributeDef valueDef() {
        return sub != null ? sub : attribute;
    }

    boolean unique() {
        return typedUnique != null || valueDef().uniqueness() != io.idbench.scim.schema.Uniqueness.NONE;
    }

    /** The typed value column of u_value / g_value that holds this leaf. */
    String column() {
        return column(valueDef().type());
    }

    static String column(AttributeType type) {
        switch (type) {
            case INTEGER:
                return "long_value";
            case DECIMAL:
                return "double_value";
            case DATE_TIME:
                return "date_value";
            case BOOLEAN:
                return "boolean_value";
            default:
                return "string_value";
        }
    }

    /** plain_schema.value_type, Syncope's names. */
    String valueType() {
        return column().substring(0, column().indexOf('_'));
    }
}
