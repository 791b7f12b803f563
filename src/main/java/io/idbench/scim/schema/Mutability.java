package io.idbench.scim.schema;

/** RFC 7643 §7 "mutability". */
public enum Mutability {
    READ_ONLY("readOnly"), READ_WRITE("readWrite"), IMMUTABLE("immutable"), WRITE_ONLY("writeOnly");

    private final String scimName;

    Mutability(String scimName) { this.scimName = scimName; }

    public String scimName() { return scimName; }
}
