package io.idbench.scim.schema;

/** RFC 7643 §7 "returned". */
public enum Returned {
    ALWAYS("always"), NEVER("never"), DEFAULT("default"), REQUEST("request");

    private final String scimName;

    Returned(String scimName) { this.scimName = scimName; }

    public String scimName() { return scimName; }
}
