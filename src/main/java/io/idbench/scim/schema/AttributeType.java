package io.idbench.scim.schema;

/** SCIM attribute data types (RFC 7643 §2.3), with their names as /Schemas spells them. */
public enum AttributeType {
    STRING("string"),
    BOOLEAN("boolean"),
    DECIMAL("decimal"),
    INTEGER("integer"),
    DATE_TIME("dateTime"),
    BINARY("binary"),
    REFERENCE("reference"),
    COMPLEX("complex");

    private final String scimName;

    AttributeType(String scimName) { this.scimName = scimName; }

    public String scimName() { return scimName; }

    /** Types compared as text (with or without case folding). */
    public boolean isTextual() {
        return this == STRING || this == REFERENCE || this == BINARY;
    }

    /** Types that have an order, so gt/ge/lt/le apply (RFC 7644 §3.4.2.2 excludes boolean and binary). */
    public boolean isOrdered() {
        return this != BOOLEAN && this != BINARY && this != COMPLEX;
    }
}
