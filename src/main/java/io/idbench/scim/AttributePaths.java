package io.idbench.scim;

import com.unboundid.scim2.common.Path;
import com.unboundid.scim2.common.exceptions.BadRequestException;
import com.unboundid.scim2.common.filters.Filter;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.ResourceType.SchemaAttribute;
import io.idbench.scim.schema.Schema;
import java.util.Optional;
import java.util.function.Function;

/**
 * Resolves attribute paths ({@code [urn:]attr[\[filter\]][.sub]}) against a resource type. Shared by
 * filters, sortBy, PATCH paths and attributes/excludedAttributes so all of them agree on names
 * (case-insensitive, optionally schema-qualified) and on which paths exist.
 */
public final class AttributePaths {

    private AttributePaths() {
    }

    /**
     * A resolved path. {@code attribute} is top-level; {@code valueFilter} selects elements of a
     * multi-valued attribute; {@code sub} is a sub-attribute. {@code attribute} is null when the
     * path names a whole extension schema.
     */
    public record Resolved(Schema schema, AttributeDef attribute, Filter valueFilter, AttributeDef sub) {
        public boolean isExtensionRoot() {
            return attribute == null;
        }

        public String display() {
            if (attribute == null) {
                return schema.id();
            }
            return attribute.name() + (valueFilter != null ? "[" + valueFilter + "]" : "")
                    + (sub != null ? "." + sub.name() : "");
        }
    }

    public static Path parse(String text, Function<String, ScimException> error) {
        RequestLimits.checkExpression(text, "attribute path", error);
        try {
            return Path.fromString(text);
        } catch (BadRequestException | RuntimeException e) {
            throw error.apply("Invalid attribute path '" + text + "': " + e.getMessage());
        }
    }

    public static Resolved resolve(ResourceType type, String text, Function<String, ScimException> error) {
        // A whole extension (attributes=urn:…:enterprise:2.0:User): the parser would read its last
        // segment as an attribute name.
        Optional<Schema> extension = type.extension(text);
        if (extension.isPresent()) {
            return new Resolved(extension.get(), null, null, null);
        }
        return resolve(type, parse(text, error), text, error);
    }

    public static Resolved resolve(ResourceType type, Path path, String text,
            Function<String, ScimException> error) {
        String urn = path.getSchemaUrn();
        if (path.size() == 0) {
            if (urn != null && type.extension(urn).isPresent()) {
                return new Resolved(type.extension(urn).get(), null, null, null);
            }
            throw error.apply("Unknown attribute path '" + text + "'");
        }
        if (path.size() > 2) {
            throw error.apply("Attribute path '" + text + "' is too deep: at most attribute.subAttribute");
        }
        Path.Element first = path.getElement(0);
        SchemaAttribute top = (urn == null ? type.attribute(first.getAttribute())
                : type.attribute(urn, first.getAttribute()))
                .orElseThrow(() -> error.apply("Unknown attribute '" + first.getAttribute() + "' in '" + text
                        + "' for resource type " + type.name()));
        AttributeDef attribute = top.attribute();
        Filter valueFilter = first.getValueFilter();
        if (valueFilter != null && !(attribute.multiValued() && attribute.isComplex())) {
            throw error.apply("'" + attribute.name() + "' is not a multi-valued complex attribute; it takes no value filter");
        }
        AttributeDef sub = null;
        if (path.size() == 2) {
            Path.Element second = path.getElement(1);
            if (second.getValueFilter() != null) {
                throw error.apply("A value filter is only allowed on the attribute, not on '" + second.getAttribute() + "'");
            }
            if (!attribute.isComplex()) {
                throw error.apply("'" + attribute.name() + "' has no sub-attributes (in '" + text + "')");
            }
            sub = attribute.subAttribute(second.getAttribute())
                    .orElseThrow(() -> error.apply("Unknown sub-attribute '" + second.getAttribute() + "' of '"
                            + attribute.name() + "'"));
        }
        return new Resolved(top.schema(), attribute, valueFilter, sub);
    }
}
