package io.idbench.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.search.IndexConsistency;
import io.idbench.search.IndexedIdentityStore;
import io.javalin.Javalin;
import io.javalin.http.Context;

/**
 * Operations on the search index for the benchmark and its operators, next to the SCIM API and
 * behind the same bearer token: status (stale or not, backlog, searches answered by the
 * database), a full consistency check of database against index, and a rebuild from the database.
 */
final class SearchIndexEndpoints {
    static final String PATH = Endpoints.SEARCH_INDEX;

    private final IndexedIdentityStore store;
    private final ObjectMapper json;

    SearchIndexEndpoints(IndexedIdentityStore store, ObjectMapper json) {
        this.store = store;
        this.json = json;
    }

    void register(Javalin app) {
        ScimServer.getAndHead(app, PATH, this::status);
        app.post(PATH + "/check", this::check);
        app.post(PATH + "/rebuild", this::rebuild);
    }

    private void status(Context ctx) {
        ScimServer.send(ctx, 200, store.status(json.createObjectNode()), json);
    }

    private void check(Context ctx) {
        long t0 = System.nanoTime();
        IndexConsistency.Report report = IndexConsistency.check(store, store.index());
        ObjectNode out = report.toJson(json);
        out.put("seconds", (System.nanoTime() - t0) / 1e9);
        ScimServer.send(ctx, 200, out, json);
    }

    private void rebuild(Context ctx) {
        long t0 = System.nanoTime();
        long n = store.rebuild();
        ObjectNode out = json.createObjectNode().put("indexed", n).put("seconds", (System.nanoTime() - t0) / 1e9);
        ScimServer.send(ctx, 200, out, json);
    }
}
