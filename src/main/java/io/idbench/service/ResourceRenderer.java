package io.idbench.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.DateTimes;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.Schema;
import io.idbench.store.StoredResource;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Supplier;

/** Turns a stored resource into its SCIM representation: schemas, id, attributes, $refs, meta. */
public final class ResourceRenderer {
    private final ObjectMapper json;
    private final Supplier<String> baseUrl;

    /** @param baseUrl e.g. http://127.0.0.1:8080/scim/v2, known once the server has its port */
    public ResourceRenderer(ObjectMapper json, Supplier<String> baseUrl) {
        this.json = json;
        this.baseUrl = baseUrl;
    }

    public String location(ResourceType type, Object id) {
        return baseUrl.get() + type.endpoint() + "/" + id;
    }

    public static String etag(long version) {
        return "W/\"" + version + "\"";
    }

    public ObjectNode render(ResourceType type, StoredResource r) {
        ObjectNode out = json.createObjectNode();
        ArrayNode schemas = out.putArray("schemas").add(type.core().id());
        for (Schema ext : type.extensions()) {
            if (r.body().has(ext.id())) {
                schemas.add(ext.id());
            }
        }
        out.put("id", r.id().toString());
        Iterator<Map.Entry<String, JsonNode>> fields = r.body().fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            // A membership's $ref points at the other end: a user's groups at /Groups, a group's members at /Users.
            switch (f.getKey()) {
                case "groups" -> out.set(f.getKey(), withRefs(f.getValue(), "/Groups/"));
                case "members" -> out.set(f.getKey(), withRefs(f.getValue(), "/Users/"));
                default -> out.set(f.getKey(), f.getValue());
            }
        }
        ObjectNode meta = out.putObject("meta");
        meta.put("resourceType", type.name());
        meta.put("created", DateTimes.format(r.created()));
        meta.put("lastModified", DateTimes.format(r.lastModified()));
        meta.put("location", location(type, r.id()));
        meta.put("version", etag(r.version()));
        return out;
    }

    private JsonNode withRefs(JsonNode members, String endpoint) {
        for (JsonNode m : members) {
            if (m instanceof ObjectNode o && o.has("value")) {
                ObjectNode copy = o;
                JsonNode display = copy.remove("display");
                JsonNode type = copy.remove("type");
                copy.put("$ref", baseUrl.get() + endpoint + o.get("value").asText());
                if (display != null) {
                    copy.set("display", display);
                }
                if (type != null) {
                    copy.set("type", type);
                }
            }
        }
        return members;
    }
}
