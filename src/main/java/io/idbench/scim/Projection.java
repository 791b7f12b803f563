package io.idbench.scim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.Returned;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code attributes} / {@code excludedAttributes} (RFC 7644 §3.4.2.5) applied to a rendered
 * resource. {@code id} and {@code schemas} are always returned. Also tells the caller whether a
 * top-level attribute is wanted at all, so expensive ones (group members) need not be loaded.
 */
public final class Projection {
    public static final Projection ALL = new Projection(false, Map.of());

    /** container key ("" for the core schema, else the extension URN) -> attribute -> sub-attributes (empty = whole). */
    private final Map<String, Map<String, Set<String>>> selection;
    private final boolean include;

    private Projection(boolean include, Map<String, Map<String, Set<String>>> selection) {
        this.include = include;
        this.selection = selection;
    }

    public static Projection of(ResourceType type, String attributes, String excludedAttributes) {
        boolean hasInclude = attributes != null && !attributes.isBlank();
        boolean hasExclude = excludedAttributes != null && !excludedAttributes.isBlank();
        if (hasInclude && hasExclude) {
            throw ScimException.invalidValue("Use either 'attributes' or 'excludedAttributes', not both");
        }
        if (!hasInclude && !hasExclude) {
            return ALL;
        }
        Map<String, Map<String, Set<String>>> selection = new LinkedHashMap<>();
        for (String raw : (hasInclude ? attributes : excludedAttributes).split(",")) {
            String text = raw.trim();
            AttributePaths.Resolved path = AttributePaths.resolve(type, text, ScimException::invalidValue);
            if (path.valueFilter() != null) {
                throw ScimException.invalidValue("'" + text + "': value filters are not allowed in attribute lists");
            }
            String container = path.schema() == type.core() ? "" : path.schema().id();
            Map<String, Set<String>> attrs = selection.computeIfAbsent(container, k -> new LinkedHashMap<>());
            if (path.isExtensionRoot()) {
                attrs.put("*", Set.of());
                continue;
            }
            Set<String> subs = attrs.computeIfAbsent(path.attribute().name(), k -> new LinkedHashSet<>());
            if (path.sub() == null) {
                subs.clear();
                subs.add("*");
            } else if (!subs.contains("*")) {
                subs.add(path.sub().name());
            }
        }
        return new Projection(hasInclude, selection);
    }

    /** Whether the core attribute {@code name} appears in the response (e.g. Group members). */
    public boolean wants(AttributeDef attribute) {
        if (attribute.returned() == Returned.ALWAYS) {
            return true;
        }
        Set<String> subs = selection.getOrDefault("", Map.of()).get(attribute.name());
        if (include) {
            return subs != null;
        }
        return subs == null || !subs.contains("*");
    }

    /**
     * Whether the response holds nothing but core attributes among {@code names}: then a store
     * that keeps those outside a resource's attributes need not read the attributes at all.
     */
    public boolean selectsOnly(Set<String> names) {
        return include && selection.keySet().equals(Set.of("")) && names.containsAll(selection.get("").keySet());
    }

    public ObjectNode apply(ObjectNode resource) {
        if (this == ALL) {
            return resource;
        }
        return include ? select(resource) : exclude(resource.deepCopy());
    }

    private ObjectNode select(ObjectNode resource) {
        ObjectNode out = resource.objectNode();
        out.set("schemas", resource.get("schemas"));
        out.set("id", resource.get("id"));
        for (Map.Entry<String, Map<String, Set<String>>> c : selection.entrySet()) {
            JsonNode source = c.getKey().isEmpty() ? resource : resource.get(c.getKey());
            if (source == null) {
                continue;
            }
            ObjectNode target = c.getKey().isEmpty() ? out : out.objectNode();
            for (Map.Entry<String, Set<String>> a : c.getValue().entrySet()) {
                if (a.getKey().equals("*")) {
                    target.setAll((ObjectNode) source.deepCopy());
                    continue;
                }
                JsonNode value = source.get(a.getKey());
                if (value != null) {
                    target.set(a.getKey(), a.getValue().contains("*") ? value : pick(value, a.getValue()));
                }
            }
            if (!c.getKey().isEmpty() && !target.isEmpty()) {
                out.set(c.getKey(), target);
            }
        }
        out.set("schemas", presentSchemas(resource.get("schemas"), out));
        return out;
    }

    /**
     * RFC 7643 section 3: {@code schemas} names the schemas of the attributes present in the JSON
     * structure: the core schema (first), and each extension the projected resource still holds.
     */
    private static JsonNode presentSchemas(JsonNode schemas, ObjectNode out) {
        if (!(schemas instanceof ArrayNode all)) {
            return schemas;
        }
        ArrayNode present = all.arrayNode();
        for (int i = 0; i < all.size(); i++) {
            if (i == 0 || out.get(all.get(i).asText()) instanceof ObjectNode) {
                present.add(all.get(i));
            }
        }
        return present;
    }

    private static JsonNode pick(JsonNode value, Set<String> subs) {
        if (value.isArray()) {
            ArrayNode out = ((ArrayNode) value).arrayNode();
            value.forEach(e -> out.add(pickObject(e, subs)));
            return out;
        }
        return pickObject(value, subs);
    }

    private static ObjectNode pickObject(JsonNode value, Set<String> subs) {
        ObjectNode out = ((ObjectNode) value).objectNode();
        for (String s : subs) {
            if (value.has(s)) {
                out.set(s, value.get(s));
            }
        }
        return out;
    }

    private ObjectNode exclude(ObjectNode resource) {
        for (Map.Entry<String, Map<String, Set<String>>> c : selection.entrySet()) {
            JsonNode container = c.getKey().isEmpty() ? resource : resource.get(c.getKey());
            if (!(container instanceof ObjectNode target)) {
                continue;
            }
            for (Map.Entry<String, Set<String>> a : c.getValue().entrySet()) {
                if (a.getKey().equals("*")) {
                    resource.remove(c.getKey());
                } else if (a.getKey().equals("id")) {
                    continue;
                } else if (a.getValue().contains("*")) {
                    target.remove(a.getKey());
                } else {
                    removeSubs(target.get(a.getKey()), a.getValue());
                }
            }
            if (!c.getKey().isEmpty() && container.isEmpty()) {
                resource.remove(c.getKey());
            }
        }
        resource.set("schemas", presentSchemas(resource.get("schemas"), resource));
        return resource;
    }

    private static void removeSubs(JsonNode value, Set<String> subs) {
        List<JsonNode> objects = new ArrayList<>();
        if (value instanceof ArrayNode array) {
            array.forEach(objects::add);
        } else if (value instanceof ObjectNode) {
            objects.add(value);
        }
        objects.forEach(o -> ((ObjectNode) o).remove(subs));
    }
}
