package io.idbench.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.config.ScenarioConfig;
import io.idbench.membership.ProfileGroups;
import io.idbench.scim.RequestLimits;
import io.idbench.scim.ScimException;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.store.IdentityStore;
import io.idbench.store.ProfileGroupSetup;
import io.idbench.telemetry.ServerTelemetry;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import jakarta.servlet.DispatcherType;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jetty.servlet.FilterHolder;

/**
 * The identity service under test: SCIM 2.0 at /scim/v2 on an embedded Jetty (Javalin), bearer
 * tokens from /oauth/token or --token. Every error leaves as SCIM error JSON; client mistakes
 * never become a 500, and no stack trace ever reaches a client.
 */
public final class ScimServer implements AutoCloseable {
    public static final String BASE_PATH = Endpoints.SCIM;
    public static final String TOKEN_PATH = Endpoints.TOKEN;
    public static final String SCIM_JSON = "application/scim+json";
    /** The Content-Type of every response body the service writes. */
    static final String SCIM_JSON_UTF8 = SCIM_JSON + ";charset=UTF-8";
    /** The requests that carry a resource, whose Content-Type must be JSON. */
    private static final Set<HandlerType> WITH_BODY = EnumSet.of(HandlerType.POST, HandlerType.PUT, HandlerType.PATCH);
    /** The media types a body may have (RFC 7644 §3.1: SCIM's, and plain JSON most clients send). */
    private static final Set<String> JSON_TYPES = Set.of(SCIM_JSON, "application/json");
    /** The W3C Server-Timing header: {@code app;dur=<ms>, cpu;dur=<ms>}, the service's time and thread CPU per request. */
    /** The profile's static groups (docs/workload.md). */
    public static final List<String> STATIC_GROUPS = ProfileGroups.STATIC;

    private final Javalin app;
    private volatile String baseUrl = "";

    private ScimServer(Javalin app) {
        this.app = app;
    }

    /** Starts the server; the port in {@code config} may be 0 for a free one. */
    public static ScimServer start(ScenarioConfig config, IdentityStore store, TokenService tokens, PasswordHasher hasher) {
        return start(config, store, tokens, hasher, null);
    }

    /** … with the run's server-side telemetry at /idbench/telemetry (null: none). */
    public static ScimServer start(ScenarioConfig config, IdentityStore store, TokenService tokens, PasswordHasher hasher,
            ServerTelemetry telemetry) {
        ObjectMapper json = Json.mapper();
        ProfileGroupSetup.ensure(store, config.dyn(), json);
        Javalin app = Javalin.create(cfg -> {
            cfg.showJavalinBanner = false;
            cfg.startupWatcherEnabled = false;
            cfg.http.prefer405over404 = true;
            cfg.http.maxRequestSize = RequestLimits.MAX_BODY_BYTES;
            cfg.router.ignoreTrailingSlashes = true;
            cfg.jetty.modifyServer(server -> server.setErrorHandler(new ScimErrorHandler(json)));
            cfg.jetty.modifyServletContextHandler(context -> {
                context.setErrorHandler(new ScimErrorHandler(json));
                context.addFilter(new FilterHolder(new BoundedBodies(RequestLimits.MAX_BODY_BYTES)), "/*",
                        EnumSet.of(DispatcherType.REQUEST));
            });
        });
        ScimServer server = new ScimServer(app);
        ResourceRenderer renderer = new ResourceRenderer(json, () -> server.baseUrl);
        new ResourceEndpoints(ScimSchemas.USER_TYPE, new UserBackend(store, hasher), renderer, json,
                config.maxResults()).register(app, BASE_PATH);
        new ResourceEndpoints(ScimSchemas.GROUP_TYPE, new GroupBackend(store, config.maxGroupMembers()), renderer, json,
                config.maxResults()).register(app, BASE_PATH);
        new DiscoveryEndpoints(json, () -> server.baseUrl, config.maxResults()).register(app, BASE_PATH);
        new TokenEndpoint(tokens, json).register(app, TOKEN_PATH);
        new HealthEndpoint(store, json).register(app);
        if (store instanceof IndexedIdentityStore indexed) {
            new SearchIndexEndpoints(indexed, json).register(app);
            app.before(SearchIndexEndpoints.PATH, ctx -> authenticate(ctx, tokens));
            app.before(SearchIndexEndpoints.PATH + "/*", ctx -> authenticate(ctx, tokens));
        }
        if (telemetry != null) {
            new TelemetryEndpoints(telemetry, json).register(app);
            app.before(TelemetryEndpoints.PATH, ctx -> authenticate(ctx, tokens));
            app.before(TelemetryEndpoints.PATH + "/*", ctx -> authenticate(ctx, tokens));
        }
        // The service's own time and CPU per request (µs resolution), finer than JMeter's whole ms.
        RequestTiming timing = new RequestTiming(config.handicap(), BASE_PATH);
        app.before(timing::before);
        app.after(timing::after);
        app.before(BASE_PATH + "/*", ctx -> authenticate(ctx, tokens));
        app.before(BASE_PATH, ctx -> authenticate(ctx, tokens));
        app.before(BASE_PATH + "/*", ScimServer::requireJsonBody);
        ErrorResponses.register(app, json, config.statementTimeoutMs());
        app.start(config.bind(), config.port());
        server.baseUrl = "http://" + hostForUrl(config.bind()) + ":" + app.port() + BASE_PATH;
        return server;
    }

    /**
     * A GET route and its HEAD twin (RFC 9110 section 9.3.2: the same status and headers, no body;
     * Jetty drops the body). Javalin adds no HEAD route by itself, and its fallback answers 200 for
     * any path.
     */
    static void getAndHead(Javalin app, String path, Handler handler) {
        app.get(path, handler);
        app.head(path, handler);
    }

    private static String hostForUrl(String bind) {
        return bind.contains(":") ? "[" + bind + "]" : bind;
    }

    private static void authenticate(Context ctx, TokenService tokens) {
        String header = ctx.header("Authorization");
        String token = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : null;
        if (!tokens.valid(token)) {
            ctx.header("WWW-Authenticate", "Bearer realm=\"idbench\"");
            throw ScimException.unauthorized(header == null ? "Authorization: Bearer <token> is required"
                    : "The bearer token is missing, invalid or expired");
        }
    }

    /**
     * RFC 7644 §3.1: requests carry {@code application/scim+json}; plain {@code application/json} is
     * accepted too, as is no Content-Type (most clients' default). XML, text or forms are not
     * parsed as JSON by chance: 415.
     */
    private static void requireJsonBody(Context ctx) {
        if (!WITH_BODY.contains(ctx.method())) {
            return;
        }
        String type = ctx.contentType();
        if (type == null || type.isBlank()) {
            return;
        }
        String mediaType = type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (!JSON_TYPES.contains(mediaType)) {
            throw new ScimException(415, null, "Content-Type " + type + " is not supported: send " + SCIM_JSON
                    + " (or application/json)");
        }
    }

    public int port() {
        return app.port();
    }

    /** e.g. http://127.0.0.1:41234/scim/v2 */
    public String baseUrl() {
        return baseUrl;
    }

    static void send(Context ctx, int status, JsonNode body, ObjectMapper json) {
        try {
            ctx.status(status).contentType(SCIM_JSON_UTF8).result(json.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static void error(Context ctx, int status, String scimType, String detail, ObjectMapper json) {
        send(ctx, status, errorBody(json, status, scimType, detail), json);
    }

    /** RFC 7644 §3.12: {@code schemas}, {@code status} as a string, {@code scimType} (400 and 409 only), {@code detail}. */
    static ObjectNode errorBody(ObjectMapper json, int status, String scimType, String detail) {
        ObjectNode out = json.createObjectNode();
        out.putArray("schemas").add(ScimSchemas.ERROR_URN);
        out.put("status", String.valueOf(status));
        if (scimType != null) {
            out.put("scimType", scimType);
        }
        out.put("detail", detail);
        return out;
    }

    @Override
    public void close() {
        app.stop();
    }
}
