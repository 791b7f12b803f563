package io.idbench.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.Projection;
import io.idbench.scim.ResourceValidator;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.patch.MemberPatch;
import io.idbench.scim.patch.PatchApplier;
import io.idbench.scim.schema.AttributeDef;
import io.idbench.scim.schema.ResourceType;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.store.ResultPage;
import io.idbench.store.StoredResource;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The RFC 7644 operations on one resource type (POST, GET, GET list, POST .search, PUT, PATCH,
 * DELETE), identical for Users and Groups; {@link Backend} supplies the differences.
 */
final class ResourceEndpoints {
    static final String SEARCH_REQUEST = "urn:ietf:params:scim:api:messages:2.0:SearchRequest";

    /**
     * Core attributes a resource's row holds outside its other attributes (the name, what the
     * membership views give, and id and meta): a response of only these reads no other attribute.
     */
    private static final Set<String> ROW_ATTRIBUTES = Set.of("id", "meta", "userName", "displayName", "groups", "members");

    private final ResourceType type;
    private final Backend backend;
    private final ResourceRenderer renderer;
    private final ObjectMapper json;
    private final int maxResults;
    private final ResourceValidator validator;
    private final PatchApplier patcher;
    /** The attribute loaded only on demand (Group members); null for Users. */
    private final AttributeDef costly;
    /** The membership attribute (Group members, User groups): aggregated only when the response wants it. */
    private final AttributeDef membership;

    ResourceEndpoints(ResourceType type, Backend backend, ResourceRenderer renderer, ObjectMapper json, int maxResults) {
        this.type = type;
        this.backend = backend;
        this.renderer = renderer;
        this.json = json;
        this.maxResults = maxResults;
        this.validator = new ResourceValidator(type);
        this.patcher = new PatchApplier(type);
        this.costly = type.core().attribute("members").orElse(null);
        this.membership = type.core().attribute("members").or(() -> type.core().attribute("groups")).orElse(null);
    }

    void register(Javalin app, String base) {
        String collection = base + type.endpoint();
        String item = collection + "/{id}";
        app.post(collection, this::create);
        ScimServer.getAndHead(app, collection, this::list);
        app.post(collection + "/.search", this::search);
        ScimServer.getAndHead(app, item, this::get);
        app.put(item, this::replace);
        app.patch(item, this::patch);
        app.delete(item, this::delete);
    }

    private Projection projection(Context ctx) {
        return Projection.of(type, ctx.queryParam("attributes"), ctx.queryParam("excludedAttributes"));
    }

    private boolean withMembers(Projection p) {
        return membership != null && p.wants(membership);
    }

    private void create(Context ctx) {
        Projection p = projection(ctx);
        ResourceValidator.Validated v = validator.validateRequest(Requests.body(ctx, json));
        StoredResource r = backend.create(v, withMembers(p));
        ctx.header("Location", renderer.location(type, r.id()));
        respond(ctx, 201, r, p);
    }

    private void get(Context ctx) {
        Projection p = projection(ctx);
        UUID id = Requests.id(ctx, type);
        StoredResource r = backend.find(id, withMembers(p))
                .orElseThrow(() -> ScimException.notFound(type.name() + " " + id + " not found"));
        respond(ctx, 200, r, p);
    }

    private void replace(Context ctx) {
        Projection p = projection(ctx);
        UUID id = Requests.id(ctx, type);
        ResourceValidator.Validated v = validator.validateRequest(Requests.body(ctx, json));
        StoredResource r = backend.modify(id, Requests.expectedVersion(ctx), withMembers(p), costly != null, current -> v);
        respond(ctx, 200, r, p);
    }

    private void patch(Context ctx) {
        Projection p = projection(ctx);
        UUID id = Requests.id(ctx, type);
        JsonNode request = Requests.body(ctx, json);
        Optional<StoredResource> direct = backend.patchDirectly(id, Requests.expectedVersion(ctx), request, withMembers(p));
        if (direct.isPresent()) {
            respond(ctx, 200, direct.get(), p);
            return;
        }
        StoredResource r = backend.modify(id, Requests.expectedVersion(ctx), withMembers(p),
                costly != null && MemberPatch.touchesMembers(request),
                current -> validator.validate(patcher.apply(current, request, id.toString())));
        respond(ctx, 200, r, p);
    }

    private void delete(Context ctx) {
        backend.delete(Requests.id(ctx, type), Requests.expectedVersion(ctx));
        ctx.status(204);
    }

    private void list(Context ctx) {
        Projection p = projection(ctx);
        respondList(ctx, Requests.listQuery(ctx, type, maxResults), p);
    }

    private void search(Context ctx) {
        JsonNode body = Requests.body(ctx, json);
        Projection p = Projection.of(type, Requests.text(body, "attributes"), Requests.text(body, "excludedAttributes"));
        respondList(ctx, Requests.searchRequest(body, type, maxResults), p);
    }

    private void respondList(Context ctx, ListQuery q, Projection p) {
        ResultPage page = backend.search(q, withMembers(p), !p.selectsOnly(ROW_ATTRIBUTES));
        ObjectNode out = json.createObjectNode();
        out.putArray("schemas").add(ScimSchemas.LIST_RESPONSE_URN);
        out.put("totalResults", page.totalResults());
        out.put("startIndex", q.startIndex());
        out.put("itemsPerPage", page.resources().size());
        ArrayNode resources = out.putArray("Resources");
        for (StoredResource r : page.resources()) {
            resources.add(p.apply(renderer.render(type, r)));
        }
        ScimServer.send(ctx, 200, out, json);
    }

    private void respond(Context ctx, int status, StoredResource r, Projection p) {
        ctx.header("ETag", ResourceRenderer.etag(r.version()));
        ScimServer.send(ctx, status, p.apply(renderer.render(type, r)), json);
    }
}
