package io.idbench.scim.schema;

import static io.idbench.scim.schema.AttributeDef.complex;
import static io.idbench.scim.schema.AttributeDef.dateTime;
import static io.idbench.scim.schema.AttributeDef.reference;
import static io.idbench.scim.schema.AttributeDef.string;

import java.util.List;

/** Attributes every resource has (RFC 7643 §3.1): id, externalId, meta. */
public final class CommonAttributes {
    public static final AttributeDef ID = string("id").caseExact().readOnly().returned(Returned.ALWAYS)
            .uniqueness(Uniqueness.SERVER).description("Unique identifier assigned by the service provider.").build();
    public static final AttributeDef EXTERNAL_ID = string("externalId").caseExact()
            .description("Identifier assigned by the provisioning client.").build();
    public static final AttributeDef META = complex("meta",
            string("resourceType").caseExact().readOnly().build(),
            dateTime("created").readOnly().build(),
            dateTime("lastModified").readOnly().build(),
            reference("location", "uri").readOnly().build(),
            string("version").caseExact().readOnly().build())
            .readOnly().description("Resource metadata.").build();

    /** Pseudo-schema holding the common attributes; they resolve as part of the core schema. */
    public static final Schema SCHEMA = new Schema("urn:idbench:common", "Common", "RFC 7643 §3.1",
            List.of(ID, EXTERNAL_ID, META));

    private CommonAttributes() {
    }
}
