package io.idbench.scim.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.AttributePaths;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.Expr;
import io.idbench.scim.filter.FilterEvaluator;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.Mutability;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.Schema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Applies a SCIM PatchOp request (RFC 7644 §3.5.2) to a resource's canonical body, in memory and
 * all-or-nothing: the caller validates and stores the result only when every operation applied.
 * Storage-independent, so every storage patches identically.
 */
public final class PatchApplier {
    public static final String PATCH_OP_URN = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

    private final ResourceType type;
    private final FilterResolver filters;
    private final FilterEvaluator evaluator;

    public PatchApplier(ResourceType type) {
        this.type = type;
        this.filters = new FilterResolver(type);
        this.evaluator = new FilterEvaluator(type);
    }

    /** Returns a patched copy of {@code body}; {@code body} itself is not modified. */
    public ObjectNode apply(ObjectNode body, JsonNode request) {
        return apply(body, request, null);
    }

    /** The same for the resource of that id, which a path-less value may name (Okta's rename, {@link #ownId}). */
    public ObjectNode apply(ObjectNode body, JsonNode request, String id) {
        ObjectNode result = body.deepCopy();
        for (JsonNode operation : operations(request)) {
            applyOne(result, operation, id);
        }
        return result;
    }

    private static Iterable<JsonNode> operations(JsonNode request) {
        if (request == null || !request.isObject()) {
            throw ScimException.invalidSyntax("The PATCH body must be a JSON object");
        }
        JsonNode schemas = request.get("schemas");
        boolean patchOp = false;
        if (schemas != null && schemas.isArray()) {
            for (JsonNode s : schemas) {
                patchOp |= PATCH_OP_URN.equals(s.asText());
            }
        }
        if (!patchOp) {
            throw ScimException.invalidSyntax("'schemas' must be [\"" + PATCH_OP_URN + "\"]");
        }
        JsonNode ops = request.get("Operations");
        if (ops == null || !ops.isArray() || ops.isEmpty()) {
            throw ScimException.invalidSyntax("'Operations' must be a non-empty array");
        }
        return ops;
    }

    private void applyOne(ObjectNode body, JsonNode operation, String id) {
        if (!operation.isObject()) {
            throw ScimException.invalidSyntax("Each operation must be a JSON object, not " + operation);
        }
        PatchOp opName = PatchOp.parse(operation);
        JsonNode pathNode = operation.get("path");
        JsonNode value = operation.get("value");
        if (pathNode == null || pathNode.isNull()) {
            if (opName == PatchOp.REMOVE) {
                throw ScimException.noTarget("A remove operation requires a 'path'");
            }
            if (value == null || !value.isObject()) {
                throw ScimException.invalidValue("Without 'path', " + opName + " requires an object 'value' of attributes");
            }
            applyAttributes(body, opName, value, id);
            return;
        }
        if (!pathNode.isTextual()) {
            throw ScimException.invalidPath("'path' must be a string, not " + pathNode);
        }
        AttributePaths.Resolved target = AttributePaths.resolve(type, pathNode.textValue(), ScimException::invalidPath);
        if (opName != PatchOp.REMOVE && (value == null || value.isNull())) {
            throw ScimException.invalidValue(opName + " of '" + pathNode.textValue() + "' requires a 'value'");
        }
        if (target.isExtensionRoot()) {
            if (opName == PatchOp.REMOVE) {
                body.remove(target.schema().id());
            } else if (value.isObject()) {
                ObjectNode qualified = body.objectNode();
                qualified.set(target.schema().id(), value);
                applyAttributes(body, opName, qualified, id);
            } else {
                throw ScimException.invalidValue("The value for extension '" + target.schema().id() + "' must be an object");
            }
            return;
        }
        apply(body, opName, target, value);
    }

    /** add/replace without a path: each member of the value object is an attribute (RFC 7644 §3.5.2.1). */
    private void applyAttributes(ObjectNode body, PatchOp op, JsonNode attributes, String id) {
        Iterator<Map.Entry<String, JsonNode>> it = attributes.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equalsIgnoreCase("schemas") || ownId(id, e.getKey(), e.getValue())) {
                continue;
            }
            if (type.extension(e.getKey()).isPresent()) {
                Schema ext = type.extension(e.getKey()).get();
                if (!e.getValue().isObject()) {
                    throw ScimException.invalidValue("The value for extension '" + ext.id() + "' must be an object");
                }
                e.getValue().fields().forEachRemaining(x -> apply(body, op,
                        AttributePaths.resolve(type, ext.id() + ":" + x.getKey(), ScimException::invalidPath), x.getValue()));
                continue;
            }
            apply(body, op, AttributePaths.resolve(type, e.getKey(), ScimException::invalidPath), e.getValue());
        }
    }

    private void apply(ObjectNode body, PatchOp op, AttributePaths.Resolved target, JsonNode rawValue) {
        AttributeDef attribute = target.attribute();
        JsonNode value = ProvisioningDialects.booleanAsText(target.sub() != null ? target.sub() : attribute, rawValue);
        checkWritable(attribute, target);
        if (target.sub() != null) {
            checkWritable(target.sub(), target);
        }
        boolean extension = target.schema() != type.core();
        ObjectNode container = extension ? (ObjectNode) body.get(target.schema().id()) : body;
        if (container == null) {
            if (op == PatchOp.REMOVE) {
                if (target.valueFilter() != null) {
                    throw ScimException.noTarget("No value of '" + target.display() + "' matched");
                }
                return;
            }
            container = body.withObjectProperty(target.schema().id());
        }
        String name = attribute.name();
        if (target.valueFilter() != null) {
            applyToMatches(container, op, target, value);
        } else if (target.sub() != null) {
            applySub(container, op, target, value);
        } else if (op == PatchOp.REMOVE && attribute.multiValued() && value != null && !value.isNull()) {
            ProvisioningDialects.removeNamedValues(container, name, value);
        } else if (op == PatchOp.REMOVE) {
            container.remove(name);
        } else if (attribute.multiValued()) {
            ArrayNode values = op == PatchOp.ADD && container.get(name) instanceof ArrayNode existing
                    ? existing : container.putArray(name);
            appendValues(values, value);
        } else if (attribute.isComplex() && value.isObject() && container.get(name) instanceof ObjectNode existing) {
            existing.setAll((ObjectNode) value.deepCopy());
        } else {
            container.set(name, value.deepCopy());
        }
        tidy(body, container, name, extension, target.schema().id());
    }

    /**
     * The resource's own id inside a path-less value: Okta renames a group with {@code {"op":"replace","value":{"id":…,
     * "displayName":…}}}. Naming the id it already has changes nothing, so it is not refused as a change of a readOnly
     * attribute; another id is.
     */
    private static boolean ownId(String id, String key, JsonNode value) {
        return id != null && key.equals("id") && value.isTextual() && value.textValue().equalsIgnoreCase(id);
    }

    private static void checkWritable(AttributeDef def, AttributePaths.Resolved target) {
        if (def.mutability() == Mutability.READ_ONLY) {
            throw ScimException.mutability("'" + target.display() + "' is readOnly and cannot be modified");
        }
    }

    /** Appends values to a multi-valued attribute, skipping duplicates; a new primary demotes the others. */
    private static void appendValues(ArrayNode values, JsonNode value) {
        List<JsonNode> incoming = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(incoming::add);
        } else {
            incoming.add(value);
        }
        boolean newPrimary = incoming.stream().anyMatch(v -> v.path("primary").asBoolean(false));
        if (newPrimary) {
            values.forEach(v -> {
                if (v instanceof ObjectNode o && o.has("primary")) {
                    o.set("primary", BooleanNode.FALSE);
                }
            });
        }
        for (JsonNode v : incoming) {
            boolean duplicate = false;
            for (JsonNode existing : values) {
                duplicate |= existing.equals(v);
            }
            if (!duplicate) {
                values.add(v.deepCopy());
            }
        }
    }

    private void applyToMatches(ObjectNode container, PatchOp op, AttributePaths.Resolved target, JsonNode value) {
        Expr filter = filters.resolveElement(target.valueFilter(), target.attribute());
        JsonNode values = container.get(target.attribute().name());
        List<Integer> matches = new ArrayList<>();
        if (values instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).isObject() && evaluator.matchesElement(filter, array.get(i))) {
                    matches.add(i);
                }
            }
        }
        if (matches.isEmpty()) {
            throw ScimException.noTarget("No value of '" + target.display() + "' matched");
        }
        ArrayNode array = (ArrayNode) values;
        if (target.sub() == null && op != PatchOp.REMOVE && !value.isObject()) {
            throw ScimException.invalidValue("The value for '" + target.display() + "' must be an object");
        }
        for (int k = matches.size() - 1; k >= 0; k--) {
            int i = matches.get(k);
            ObjectNode element = (ObjectNode) array.get(i);
            if (target.sub() != null) {
                if (op == PatchOp.REMOVE) {
                    element.remove(target.sub().name());
                } else {
                    element.set(target.sub().name(), value.deepCopy());
                }
            } else if (op == PatchOp.REMOVE) {
                array.remove(i);
            } else if (op == PatchOp.REPLACE) {
                array.set(i, value.deepCopy());
            } else {
                element.setAll((ObjectNode) value.deepCopy());
            }
        }
    }

    private static void applySub(ObjectNode container, PatchOp op, AttributePaths.Resolved target, JsonNode value) {
        String name = target.attribute().name();
        String sub = target.sub().name();
        if (target.attribute().multiValued()) {
            JsonNode values = container.get(name);
            if (values == null || values.isEmpty()) {
                if (op == PatchOp.REMOVE) {
                    return;
                }
                throw ScimException.noTarget("'" + name + "' has no values whose '" + sub + "' could be set");
            }
            for (JsonNode element : values) {
                if (!element.isObject()) {
                    throw ScimException.invalidValue("'" + name + "' values must be objects");
                }
                if (op == PatchOp.REMOVE) {
                    ((ObjectNode) element).remove(sub);
                } else {
                    ((ObjectNode) element).set(sub, value.deepCopy());
                }
            }
            return;
        }
        if (op == PatchOp.REMOVE) {
            if (container.get(name) instanceof ObjectNode o) {
                o.remove(sub);
            }
            return;
        }
        container.withObjectProperty(name).set(sub, value.deepCopy());
    }

    /** Drops attributes (and extension objects) a patch left empty: empty means unassigned. */
    private static void tidy(ObjectNode body, ObjectNode container, String name, boolean extension, String urn) {
        JsonNode v = container.get(name);
        if (v != null && (v.isNull() || (v.isContainerNode() && v.isEmpty()))) {
            container.remove(name);
        }
        if (extension && container.isEmpty()) {
            body.remove(urn);
        }
    }
}
