package io.idbench.scim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.Mutability;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.ResourceType.SchemaAttribute;
import io.idbench.scim.schema.Schema;
import io.idbench.scim.schema.ScimSchemas;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * Checks a resource against its schemas and returns its canonical stored form: canonical attribute
 * names, extension attributes under their schema URN, dateTimes canonical, null and empty values
 * removed (they mean "unassigned", RFC 7643 §2.5), read-only attributes dropped (RFC 7644
 * §3.3: ignored), the write-only password taken out. Every storage stores this form and nothing else.
 */
public final class ResourceValidator {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ResourceType type;

    public ResourceValidator(ResourceType type) {
        this.type = type;
    }

    /** The canonical body and, when one was given, the clear-text password. */
    public record Validated(ObjectNode body, String password) {
    }

    /** Validates a client body (POST, PUT): {@code schemas} must name the core schema. */
    public Validated validateRequest(JsonNode input) {
        if (input == null || !input.isObject()) {
            throw ScimException.invalidSyntax("The request body must be a JSON object");
        }
        JsonNode schemas = input.get("schemas");
        if (schemas == null || !schemas.isArray()) {
            throw ScimException.invalidSyntax("'schemas' is required and must be an array containing " + type.core().id());
        }
        boolean core = false;
        for (JsonNode s : schemas) {
            if (!s.isTextual() || type.schema(s.textValue()).isEmpty()) {
                throw ScimException.invalidSyntax("Unknown schema " + s + " in 'schemas' for resource type " + type.name());
            }
            core |= type.core().id().equalsIgnoreCase(s.textValue());
        }
        if (!core) {
            throw ScimException.invalidSyntax("'schemas' must contain " + type.core().id());
        }
        return validate((ObjectNode) input);
    }

    /** Validates a resource in canonical-or-client form (e.g. the result of a PATCH). */
    public Validated validate(ObjectNode input) {
        ObjectNode body = JSON.objectNode();
        String[] password = new String[1];
        Iterator<Map.Entry<String, JsonNode>> fields = input.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            if (key.equalsIgnoreCase("schemas")) {
                continue;
            }
            Optional<Schema> extension = type.extension(key);
            if (extension.isPresent()) {
                if (value.isNull()) {
                    continue;
                }
                if (!value.isObject()) {
                    throw ScimException.invalidSyntax("Extension '" + key + "' must be a JSON object");
                }
                value.fields().forEachRemaining(e -> put(body, new SchemaAttribute(extension.get(),
                        extension.get().attribute(e.getKey()).orElseThrow(() -> unknown(e.getKey(), extension.get().id()))),
                        e.getValue(), password));
                continue;
            }
            put(body, qualified(key).orElseGet(() -> type.attribute(key).orElseThrow(() -> unknown(key, type.name()))),
                    value, password);
        }
        for (AttributeDef a : type.core().attributes()) {
            if (a.required() && !body.has(a.name())) {
                throw ScimException.invalidValue("Attribute '" + a.name() + "' is required");
            }
        }
        ScimSchemas.UNIQUE_TYPED_VALUES.forEach((attribute, kind) -> {
            long n = 0;
            for (JsonNode e : body.path(attribute)) {
                n += kind.equalsIgnoreCase(e.path("type").asText()) ? 1 : 0;
            }
            if (n > 1 && type.core().attribute(attribute).isPresent()) {
                throw ScimException.invalidValue("At most one value of '" + attribute + "' may have type '" + kind
                        + "': its value is unique");
            }
        });
        return new Validated(body, password[0]);
    }

    /** {@code urn:…:User:employeeNumber} as a top-level key (RFC 7644 allows it in PATCH values). */
    private Optional<SchemaAttribute> qualified(String key) {
        int colon = key.lastIndexOf(':');
        if (!key.regionMatches(true, 0, "urn:", 0, 4) || colon < 0) {
            return Optional.empty();
        }
        return type.attribute(key.substring(0, colon), key.substring(colon + 1));
    }

    private static ScimException unknown(String name, String where) {
        return ScimException.invalidSyntax("Unknown attribute '" + name + "' for " + where);
    }

    private void put(ObjectNode body, SchemaAttribute target, JsonNode value, String[] password) {
        AttributeDef def = target.attribute();
        if (def.mutability() == Mutability.WRITE_ONLY) {
            if (value.isNull()) {
                return;
            }
            if (!value.isTextual() || value.textValue().isEmpty()) {
                throw ScimException.invalidValue("'" + def.name() + "' must be a non-empty string");
            }
            password[0] = value.textValue();
            return;
        }
        if (def.isReadOnly()) {
            return;
        }
        JsonNode canonical = canonical(def, value, def.name());
        if (canonical == null) {
            return;
        }
        ObjectNode container = target.inExtension(type) ? body.withObjectProperty(target.schema().id()) : body;
        container.set(def.name(), canonical);
    }

    /** The canonical value, or null when it is unassigned. */
    private static JsonNode canonical(AttributeDef def, JsonNode value, String path) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (def.multiValued()) {
            if (!value.isArray()) {
                throw ScimException.invalidValue("'" + path + "' is multi-valued and must be a JSON array");
            }
            ArrayNode out = JSON.arrayNode();
            int primaries = 0;
            for (JsonNode element : value) {
                JsonNode c = single(def, element, path);
                if (c != null && !containsEqual(out, c)) {
                    out.add(c);
                    primaries += c.path("primary").asBoolean(false) ? 1 : 0;
                }
            }
            if (primaries > 1) {
                throw ScimException.invalidValue("At most one value of '" + path + "' may be primary");
            }
            return out.isEmpty() ? null : out;
        }
        if (value.isArray()) {
            throw ScimException.invalidValue("'" + path + "' is single-valued; a JSON array is not allowed");
        }
        return single(def, value, path);
    }

    private static boolean containsEqual(ArrayNode array, JsonNode value) {
        for (JsonNode n : array) {
            if (n.equals(value)) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode single(AttributeDef def, JsonNode value, String path) {
        if (value == null || value.isNull()) {
            return null;
        }
        switch (def.type()) {
            case COMPLEX: {
                if (!value.isObject()) {
                    throw ScimException.invalidValue("'" + path + "' is complex and must be a JSON object");
                }
                ObjectNode out = JSON.objectNode();
                value.fields().forEachRemaining(e -> {
                    AttributeDef sub = def.subAttribute(e.getKey()).orElseThrow(() -> ScimException.invalidSyntax(
                            "Unknown sub-attribute '" + e.getKey() + "' of '" + path + "'"));
                    if (sub.isReadOnly()) {
                        return;
                    }
                    JsonNode c = single(sub, e.getValue(), path + "." + sub.name());
                    if (c != null) {
                        out.set(sub.name(), c);
                    }
                });
                return out.isEmpty() ? null : out;
            }
            case BOOLEAN:
                if (!value.isBoolean()) {
                    throw ScimException.invalidValue("'" + path + "' must be true or false, not " + value);
                }
                return value;
            case INTEGER:
                if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                    throw ScimException.invalidValue("'" + path + "' must be an integer, not " + value);
                }
                return JSON.numberNode(value.longValue());
            case DECIMAL:
                if (!value.isNumber()) {
                    throw ScimException.invalidValue("'" + path + "' must be a number, not " + value);
                }
                return JSON.numberNode(value.decimalValue());
            case DATE_TIME:
                if (!value.isTextual()) {
                    throw ScimException.invalidValue("'" + path + "' must be an xsd:dateTime string, not " + value);
                }
                return JSON.textNode(DateTimes.canonical(value.textValue()).orElseThrow(() -> ScimException.invalidValue(
                        "'" + path + "' must be an xsd:dateTime such as 2018-06-01T00:00:00Z, not '" + value.textValue() + "'")));
            default:
                if (!value.isTextual()) {
                    throw ScimException.invalidValue("'" + path + "' must be a string, not " + value);
                }
                String problem = RequestLimits.stringProblem(value.textValue());
                if (problem != null) {
                    throw ScimException.invalidValue("The value of '" + path + "' " + problem);
                }
                return value.textValue().isEmpty() ? null : value;
        }
    }
}
