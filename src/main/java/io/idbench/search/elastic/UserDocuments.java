package io.idbench.search.elastic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.DateTimes;
import io.idbench.scim.filter.AttrRef;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.CommonAttributes;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.Returned;
import io.idbench.scim.schema.Schema;
import io.idbench.store.StoredResource;

/**
 * The indexed form of a user and the mapping that describes it, both derived from the schema
 * registry. Text is indexed already folded by {@link AttributeDef#fold} (the oracle's own fold):
 * the minimal engine distributions have no lowercase normalizer, and range queries and sorts
 * cannot be made case-insensitive at query time. Multi-valued attributes are {@code nested}, so
 * {@code emails[type eq "work" and value co "x"]} matches within one element; a non-nested copy
 * of each one's primary (else first) element under {@value #PRIMARY} is the sort key.
 */
public final class UserDocuments {
    /** Object holding, per multi-valued attribute, the element sorts use (RFC 7644 §3.4.2.3). */
    public static final String PRIMARY = "_primary";

    private final ResourceType type;
    private final ObjectMapper json;

    public UserDocuments(ResourceType type, ObjectMapper json) {
        this.type = type;
        this.json = json;
    }

    /** The document of one stored user; a pure function of what the database holds. */
    public ObjectNode document(StoredResource r) {
        ObjectNode doc = json.createObjectNode();
        doc.put("id", r.id().toString());
        ObjectNode meta = doc.putObject("meta");
        AttributeDef metaDef = CommonAttributes.META;
        meta.put("created", metaDef.subAttribute("created").orElseThrow().fold(DateTimes.format(r.created())));
        meta.put("lastModified", metaDef.subAttribute("lastModified").orElseThrow().fold(DateTimes.format(r.lastModified())));
        ObjectNode primary = json.createObjectNode();
        copy(CommonAttributes.SCHEMA, r.body(), doc, primary);
        copy(type.core(), r.body(), doc, primary);
        for (Schema ext : type.extensions()) {
            JsonNode values = r.body().get(ext.id());
            if (values instanceof ObjectNode o) {
                ObjectNode target = doc.putObject(ext.name());
                ObjectNode targetPrimary = json.createObjectNode();
                copy(ext, o, target, targetPrimary);
                if (!targetPrimary.isEmpty()) {
                    primary.set(ext.name(), targetPrimary);
                }
            }
        }
        if (!primary.isEmpty()) {
            doc.set(PRIMARY, primary);
        }
        return doc;
    }

    private void copy(Schema schema, JsonNode from, ObjectNode to, ObjectNode primary) {
        for (AttributeDef def : schema.attributes()) {
            if (!indexed(def)) {
                continue;
            }
            JsonNode value = from.get(def.name());
            if (value == null || value.isNull()) {
                continue;
            }
            JsonNode converted = convert(def, value);
            to.set(def.name(), converted);
            if (def.multiValued() && converted.size() > 0) {
                primary.set(def.name(), chosen((ArrayNode) converted));
            }
        }
    }

    /** id and meta are written from the row's columns; never-returned attributes (password) are never indexed. */
    private static boolean indexed(AttributeDef def) {
        return def != CommonAttributes.ID && def != CommonAttributes.META && def.returned() != Returned.NEVER;
    }

    private JsonNode convert(AttributeDef def, JsonNode value) {
        if (def.multiValued()) {
            ArrayNode out = json.createArrayNode();
            for (JsonNode element : value) {
                out.add(def.isComplex() ? complex(def, element) : json.createObjectNode().set("value", scalar(def, element)));
            }
            return out;
        }
        return def.isComplex() ? complex(def, value) : scalar(def, value);
    }

    private ObjectNode complex(AttributeDef def, JsonNode value) {
        ObjectNode out = json.createObjectNode();
        for (AttributeDef sub : def.subAttributes()) {
            JsonNode v = value.get(sub.name());
            if (v != null && !v.isNull()) {
                out.set(sub.name(), scalar(sub, v));
            }
        }
        return out;
    }

    private JsonNode scalar(AttributeDef def, JsonNode value) {
        switch (def.type()) {
            case BOOLEAN, INTEGER, DECIMAL:
                return value;
            default:
                return value.isTextual() ? json.getNodeFactory().textNode(def.fold(value.textValue())) : value;
        }
    }

    /** The primary element, else the first: what {@code FilterEvaluator#sortKey} sorts by. */
    private static JsonNode chosen(ArrayNode elements) {
        for (JsonNode e : elements) {
            if (e.path("primary").asBoolean(false)) {
                return e;
            }
        }
        return elements.get(0);
    }

    /** The document field holding a resource-level attribute. */
    public String field(AttrRef ref) {
        String path = prefix(ref.schema()) + ref.attribute().name();
        return ref.sub() == null ? path : path + "." + ref.sub().name();
    }

    /** The path of a multi-valued attribute (a nested field). */
    public String nestedPath(AttrRef collection) {
        return prefix(collection.schema()) + collection.attribute().name();
    }

    /** The field a sort by {@code key} reads: for multi-valued attributes, in the primary copy. */
    public String sortField(AttrRef key) {
        if (!key.attribute().multiValued()) {
            return field(key);
        }
        return PRIMARY + "." + prefix(key.schema()) + key.attribute().name() + "."
                + (key.sub() == null ? "value" : key.sub().name());
    }

    private String prefix(Schema schema) {
        return schema == type.core() || schema == CommonAttributes.SCHEMA ? "" : schema.name() + ".";
    }

    /** The explicit mapping (dynamic: strict, so a document that strays from it is an error, not a guess). */
    public ObjectNode mapping() {
        ObjectNode mapping = json.createObjectNode().put("dynamic", "strict");
        ObjectNode props = mapping.putObject("properties");
        props.putObject("id").put("type", "keyword");
        ObjectNode meta = props.putObject("meta").putObject("properties");
        meta.putObject("created").put("type", "keyword");
        meta.putObject("lastModified").put("type", "keyword");
        ObjectNode primary = json.createObjectNode();
        schemaProperties(CommonAttributes.SCHEMA, props, primary);
        schemaProperties(type.core(), props, primary);
        for (Schema ext : type.extensions()) {
            ObjectNode extPrimary = json.createObjectNode();
            schemaProperties(ext, props.putObject(ext.name()).putObject("properties"), extPrimary);
            if (!extPrimary.isEmpty()) {
                primary.putObject(ext.name()).set("properties", extPrimary);
            }
        }
        props.putObject(PRIMARY).set("properties", primary);
        return mapping;
    }

    private void schemaProperties(Schema schema, ObjectNode props, ObjectNode primary) {
        for (AttributeDef def : schema.attributes()) {
            if (!indexed(def)) {
                continue;
            }
            if (def.multiValued()) {
                ObjectNode element = json.createObjectNode();
                if (def.isComplex()) {
                    def.subAttributes().forEach(sub -> element.set(sub.name(), fieldType(sub)));
                } else {
                    element.set("value", fieldType(def));
                }
                props.putObject(def.name()).put("type", "nested").set("properties", element);
                primary.putObject(def.name()).set("properties", element.deepCopy());
            } else if (def.isComplex()) {
                ObjectNode sub = props.putObject(def.name()).putObject("properties");
                def.subAttributes().forEach(s -> sub.set(s.name(), fieldType(s)));
            } else {
                props.set(def.name(), fieldType(def));
            }
        }
    }

    private ObjectNode fieldType(AttributeDef def) {
        String t = switch (def.type()) {
            case BOOLEAN -> "boolean";
            case INTEGER -> "long";
            case DECIMAL -> "double";
            default -> "keyword";
        };
        return json.createObjectNode().put("type", t);
    }
}
