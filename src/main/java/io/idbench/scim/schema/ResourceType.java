package io.idbench.scim.schema;

import java.util.List;
import java.util.Optional;

/**
 * A SCIM resource type (RFC 7643 §6): its core schema and extensions. Attribute lookups here
 * implement the resolution rule for unqualified names: core schema first, then the extensions
 * in declaration order.
 */
public record ResourceType(String name, String endpoint, String description, Schema core, List<Schema> extensions) {

    public ResourceType {
        extensions = List.copyOf(extensions);
    }

    /** The schema with this URN (case-insensitive), core or extension. */
    public Optional<Schema> schema(String urn) {
        if (core.id().equalsIgnoreCase(urn)) {
            return Optional.of(core);
        }
        return extensions.stream().filter(s -> s.id().equalsIgnoreCase(urn)).findFirst();
    }

    public Optional<Schema> extension(String urn) {
        return extensions.stream().filter(s -> s.id().equalsIgnoreCase(urn)).findFirst();
    }

    /** Resolves an unqualified top-level attribute name: common attributes, core, then extensions. */
    public Optional<SchemaAttribute> attribute(String attributeName) {
        Optional<AttributeDef> common = CommonAttributes.SCHEMA.attribute(attributeName);
        if (common.isPresent()) {
            return Optional.of(new SchemaAttribute(core, common.get()));
        }
        Optional<AttributeDef> inCore = core.attribute(attributeName);
        if (inCore.isPresent()) {
            return Optional.of(new SchemaAttribute(core, inCore.get()));
        }
        for (Schema ext : extensions) {
            Optional<AttributeDef> inExt = ext.attribute(attributeName);
            if (inExt.isPresent()) {
                return Optional.of(new SchemaAttribute(ext, inExt.get()));
            }
        }
        return Optional.empty();
    }

    /** Resolves a top-level attribute of one named schema (core attributes include the common ones). */
    public Optional<SchemaAttribute> attribute(String urn, String attributeName) {
        Optional<Schema> schema = schema(urn);
        if (schema.isEmpty()) {
            return Optional.empty();
        }
        if (schema.get() == core) {
            Optional<AttributeDef> common = CommonAttributes.SCHEMA.attribute(attributeName);
            if (common.isPresent()) {
                return Optional.of(new SchemaAttribute(core, common.get()));
            }
        }
        return schema.get().attribute(attributeName).map(a -> new SchemaAttribute(schema.get(), a));
    }

    /** A top-level attribute together with the schema that defines it. */
    public record SchemaAttribute(Schema schema, AttributeDef attribute) {
        public boolean inExtension(ResourceType type) {
            return schema != type.core();
        }
    }
}
