package io.idbench.scim.schema;

/** RFC 7643 §7 "uniqueness". idbench enforces {@code server} with database constraints. */
public enum Uniqueness {
    NONE("none"), SERVER("server"), GLOBAL("global");

    private final String scimName;

    Uniqueness(String scimName) { this.scimName = scimName; }

    public String scimName() { return scimName; }
}
