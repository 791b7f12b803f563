package io.idbench.scim;

/**
 * A client-visible SCIM error (RFC 7644 §3.12): HTTP status, optional {@code scimType}, and a
 * precise detail. Thrown anywhere below the HTTP layer and rendered there as SCIM error JSON.
 */
public class ScimException extends RuntimeException {
    private final int status;
    private final String scimType;

    public ScimException(int status, String scimType, String detail) {
        super(detail);
        this.status = status;
        this.scimType = scimType;
    }

    public int status() { return status; }

    /** May be null: RFC 7644 defines scimType for 400 and 409 only. */
    public String scimType() { return scimType; }

    public String detail() { return getMessage(); }

    public static ScimException invalidFilter(String detail) { return new ScimException(400, "invalidFilter", detail); }
    public static ScimException invalidSyntax(String detail) { return new ScimException(400, "invalidSyntax", detail); }
    public static ScimException invalidPath(String detail) { return new ScimException(400, "invalidPath", detail); }
    public static ScimException invalidValue(String detail) { return new ScimException(400, "invalidValue", detail); }
    public static ScimException noTarget(String detail) { return new ScimException(400, "noTarget", detail); }
    public static ScimException mutability(String detail) { return new ScimException(400, "mutability", detail); }
    public static ScimException tooMany(String detail) { return new ScimException(400, "tooMany", detail); }
    public static ScimException uniqueness(String detail) { return new ScimException(409, "uniqueness", detail); }
    public static ScimException notFound(String detail) { return new ScimException(404, null, detail); }
    public static ScimException preconditionFailed(String detail) { return new ScimException(412, null, detail); }
    public static ScimException unauthorized(String detail) { return new ScimException(401, null, detail); }
}
