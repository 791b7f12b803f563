package io.idbench.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.store.IdentityStore;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Optional;

/**
 * Whether the service can serve requests now: 200 when the database (and the search engine, if
 * any) answer, else 503 naming what is down. Open without a token, like any load balancer's
 * health check; it reveals nothing but up or down and why.
 */
final class HealthEndpoint {
    static final String PATH = Endpoints.HEALTH;

    private final IdentityStore store;
    private final ObjectMapper json;

    HealthEndpoint(IdentityStore store, ObjectMapper json) {
        this.store = store;
        this.json = json;
    }

    void register(Javalin app) {
        ScimServer.getAndHead(app, PATH, this::health);
    }

    private void health(Context ctx) {
        ObjectNode out = json.createObjectNode();
        boolean up = report(out, "database", store.databaseProblem());
        if (store instanceof IndexedIdentityStore indexed) {
            up &= report(out, "searchEngine", indexed.engineProblem());
        }
        out.put("status", up ? "up" : "down");
        if (!up) {
            ctx.header("Retry-After", ErrorResponses.RETRY_AFTER);
        }
        ScimServer.send(ctx, up ? 200 : 503, out, json);
    }

    private static boolean report(ObjectNode out, String what, Optional<String> problem) {
        out.put(what, problem.map(p -> "down: " + p).orElse("up"));
        return problem.isEmpty();
    }
}
