package io.idbench.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.ScimException;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.Schema;
import io.idbench.scim.schema.ScimSchemas;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.util.List;
import java.util.function.Supplier;

/** /ServiceProviderConfig, /Schemas and /ResourceTypes (RFC 7644 §4), generated from the schema registry. */
final class DiscoveryEndpoints {
    private final ObjectMapper json;
    private final Supplier<String> baseUrl;
    private final int maxResults;

    DiscoveryEndpoints(ObjectMapper json, Supplier<String> baseUrl, int maxResults) {
        this.json = json;
        this.baseUrl = baseUrl;
        this.maxResults = maxResults;
    }

    void register(Javalin app, String base) {
        ScimServer.getAndHead(app, base + "/ServiceProviderConfig", ctx -> ScimServer.send(ctx, 200, serviceProviderConfig(), json));
        ScimServer.getAndHead(app, base + "/Schemas",
                ctx -> ScimServer.send(ctx, 200, list(ScimSchemas.ALL.stream().map(this::schema).toList()), json));
        ScimServer.getAndHead(app, base + "/Schemas/{id}", ctx -> ScimServer.send(ctx, 200, schema(schemaById(ctx)), json));
        ScimServer.getAndHead(app, base + "/ResourceTypes", ctx -> ScimServer.send(ctx, 200,
                list(ScimSchemas.RESOURCE_TYPES.stream().map(this::resourceType).toList()), json));
        ScimServer.getAndHead(app, base + "/ResourceTypes/{name}",
                ctx -> ScimServer.send(ctx, 200, resourceType(resourceTypeByName(ctx)), json));
        // RFC 7644 §3.11 and §3.7: what the service does not implement is 501, not an unknown path.
        for (HandlerType method : List.of(HandlerType.GET, HandlerType.POST, HandlerType.PUT, HandlerType.PATCH,
                HandlerType.DELETE)) {
            app.addHttpHandler(method, base + "/Me", ctx -> notImplemented("/Me (the authenticated subject's resource)"));
            app.addHttpHandler(method, base + "/Me/*", ctx -> notImplemented("/Me (the authenticated subject's resource)"));
        }
        app.post(base + "/Bulk", ctx -> notImplemented("Bulk (ServiceProviderConfig: bulk.supported=false)"));
    }

    private static void notImplemented(String what) {
        throw new ScimException(501, null, "This service does not implement " + what);
    }

    private static Schema schemaById(Context ctx) {
        String id = ctx.pathParam("id");
        return ScimSchemas.ALL.stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> ScimException.notFound("Schema " + id + " not found"));
    }

    private static ResourceType resourceTypeByName(Context ctx) {
        String name = ctx.pathParam("name");
        return ScimSchemas.RESOURCE_TYPES.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> ScimException.notFound("ResourceType " + name + " not found"));
    }

    private ObjectNode list(List<ObjectNode> items) {
        ObjectNode out = json.createObjectNode();
        out.putArray("schemas").add(ScimSchemas.LIST_RESPONSE_URN);
        out.put("totalResults", items.size());
        out.put("startIndex", 1);
        out.put("itemsPerPage", items.size());
        out.putArray("Resources").addAll(items);
        return out;
    }

    private ObjectNode serviceProviderConfig() {
        ObjectNode out = json.createObjectNode();
        out.putArray("schemas").add("urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig");
        out.put("documentationUri", "https://github.com/idbench/idbench");
        out.putObject("patch").put("supported", true);
        out.putObject("bulk").put("supported", false).put("maxOperations", 0).put("maxPayloadSize", 0);
        out.putObject("filter").put("supported", true).put("maxResults", maxResults);
        out.putObject("changePassword").put("supported", true);
        out.putObject("sort").put("supported", true);
        out.putObject("etag").put("supported", true);
        ObjectNode bearer = out.putArray("authenticationSchemes").addObject();
        bearer.put("type", "oauthbearertoken").put("name", "OAuth Bearer Token")
                .put("description", "Authorization: Bearer <token>; tokens from POST /oauth/token or the static --token")
                .put("primary", true);
        ObjectNode meta = out.putObject("meta");
        meta.put("resourceType", "ServiceProviderConfig").put("location", baseUrl.get() + "/ServiceProviderConfig");
        return out;
    }

    private ObjectNode schema(Schema s) {
        ObjectNode out = json.createObjectNode();
        out.putArray("schemas").add("urn:ietf:params:scim:schemas:core:2.0:Schema");
        out.put("id", s.id()).put("name", s.name()).put("description", s.description());
        ArrayNode attributes = out.putArray("attributes");
        s.attributes().forEach(a -> attributes.add(attribute(a)));
        out.putObject("meta").put("resourceType", "Schema").put("location", baseUrl.get() + "/Schemas/" + s.id());
        return out;
    }

    private ObjectNode attribute(AttributeDef a) {
        ObjectNode out = json.createObjectNode();
        out.put("name", a.name()).put("type", a.type().scimName()).put("multiValued", a.multiValued())
                .put("description", a.description()).put("required", a.required());
        if (a.type().isTextual()) {
            out.put("caseExact", a.caseExact());
        }
        if (!a.canonicalValues().isEmpty()) {
            a.canonicalValues().forEach(out.putArray("canonicalValues")::add);
        }
        if (!a.referenceTypes().isEmpty()) {
            a.referenceTypes().forEach(out.putArray("referenceTypes")::add);
        }
        out.put("mutability", a.mutability().scimName()).put("returned", a.returned().scimName())
                .put("uniqueness", a.uniqueness().scimName());
        if (a.isComplex()) {
            ArrayNode subs = out.putArray("subAttributes");
            a.subAttributes().forEach(sub -> subs.add(attribute(sub)));
        }
        return out;
    }

    private ObjectNode resourceType(ResourceType t) {
        ObjectNode out = json.createObjectNode();
        out.putArray("schemas").add("urn:ietf:params:scim:schemas:core:2.0:ResourceType");
        out.put("id", t.name()).put("name", t.name()).put("endpoint", t.endpoint())
                .put("description", t.description()).put("schema", t.core().id());
        ArrayNode ext = out.putArray("schemaExtensions");
        t.extensions().forEach(e -> ext.addObject().put("schema", e.id()).put("required", false));
        out.putObject("meta").put("resourceType", "ResourceType").put("location", baseUrl.get() + "/ResourceTypes/" + t.name());
        return out;
    }
}
