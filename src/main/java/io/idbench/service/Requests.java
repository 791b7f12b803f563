package io.idbench.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ResourceType;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/** Request parsing shared by the resource endpoints: ids, bodies, If-Match, list parameters. */
final class Requests {
    private Requests() {
    }

    /** Path ids are our UUIDs; anything else cannot name a resource. */
    static UUID id(Context ctx, ResourceType type) {
        String raw = ctx.pathParam("id");
        try {
            UUID id = UUID.fromString(raw);
            if (id.toString().equals(raw.toLowerCase(Locale.ROOT))) {
                return id;
            }
        } catch (IllegalArgumentException ignored) {
            // falls through to 404
        }
        throw ScimException.notFound(type.name() + " " + raw + " not found");
    }

    /** The body as JSON, parsed from its bytes: JSON is UTF-8, and a byte that is not refuses the body instead of becoming U+FFFD. */
    static JsonNode body(Context ctx, ObjectMapper json) {
        byte[] bytes = ctx.bodyAsBytes();
        JsonNode parsed;
        try {
            parsed = json.readTree(bytes);
        } catch (IOException e) {
            String why = e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
            throw ScimException.invalidSyntax("The request body is not valid JSON: " + why);
        }
        if (parsed == null || parsed.isMissingNode()) {
            throw ScimException.invalidSyntax("The request body is empty");
        }
        return parsed;
    }

    /**
     * The version If-Match requires, null for none or "*". An entity tag that is not one of ours
     * can never match: -1, which no resource has, so the store answers 412 (or 404).
     */
    static Long expectedVersion(Context ctx) {
        String header = ctx.header("If-Match");
        if (header == null || header.isBlank()) {
            return null;
        }
        String tag = header.split(",")[0].trim();
        if (tag.equals("*")) {
            return null;
        }
        if (tag.startsWith("W/")) {
            tag = tag.substring(2);
        }
        if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
            tag = tag.substring(1, tag.length() - 1);
        }
        try {
            return Long.parseLong(tag);
        } catch (NumberFormatException e) {
            return -1L;
        }
    }

    static ListQuery listQuery(ResourceType type, String filter, String sortBy, String sortOrder,
            String startIndex, String count, int maxResults) {
        FilterResolver resolver = new FilterResolver(type);
        int start = Math.max(1, integer("startIndex", startIndex, 1));
        int size = Math.min(maxResults, Math.max(0, integer("count", count, maxResults)));
        return new ListQuery(filter == null ? null : resolver.parse(filter), resolver.sort(sortBy, sortOrder), start, size);
    }

    static ListQuery listQuery(Context ctx, ResourceType type, int maxResults) {
        return listQuery(type, ctx.queryParam("filter"), ctx.queryParam("sortBy"), ctx.queryParam("sortOrder"),
                ctx.queryParam("startIndex"), ctx.queryParam("count"), maxResults);
    }

    /** Query parameters from a POST /.search body (RFC 7644 §3.4.3). */
    static ListQuery searchRequest(JsonNode body, ResourceType type, int maxResults) {
        if (!body.isObject()) {
            throw ScimException.invalidSyntax("The search request must be a JSON object");
        }
        return listQuery(type, text(body, "filter"), text(body, "sortBy"), text(body, "sortOrder"),
                text(body, "startIndex"), text(body, "count"), maxResults);
    }

    static String text(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            v.forEach(e -> parts.add(e.asText()));
            return String.join(",", parts);
        }
        return v.asText();
    }

    private static int integer(String name, String value, int dflt) {
        if (value == null || value.isEmpty()) {
            return dflt;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw ScimException.invalidValue(name + " must be an integer, not '" + value + "'");
        }
    }
}
