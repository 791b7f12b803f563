package io.idbench.service;

import static io.idbench.service.ScimServer.error;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idbench.scim.RequestLimits;
import io.idbench.scim.ScimException;
import io.idbench.search.SearchIndexException;
import io.idbench.store.SqlErrors;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every failure a handler throws, as the SCIM error JSON a client can act on: its own mistakes
 * (4xx with scimType), a database or engine that cannot serve (503 with Retry-After, one log line),
 * a statement past the timeout (a search: 400 tooMany; else 503), and only what nobody foresaw as
 * a 500, logged whole.
 */
final class ErrorResponses {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponses.class);
    /** Seconds a client is asked to wait before it retries a 503. */
    static final String RETRY_AFTER = "5";

    private ErrorResponses() {
    }

    static void register(Javalin app, ObjectMapper json, int statementTimeoutMs) {
        app.exception(ScimException.class, (e, ctx) -> error(ctx, e.status(), e.scimType(), e.detail(), json));
        app.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(), null, switch (e.getStatus()) {
            case 404 -> "No such endpoint: " + ctx.method() + " " + ctx.path();
            case 405 -> "Method " + ctx.method() + " is not allowed on " + ctx.path();
            case 413 -> BoundedBodies.tooLarge(RequestLimits.MAX_BODY_BYTES).detail();
            default -> e.getMessage();
        }, json));
        app.exception(SearchIndexException.class, (e, ctx) -> {
            LOG.warn("Search engine unavailable on {} {}: {}", ctx.method(), ctx.path(), e.getMessage());
            ctx.header("Retry-After", RETRY_AFTER);
            error(ctx, 503, null, "The search engine is unavailable: " + e.getMessage(), json);
        });
        app.exception(Exception.class, (e, ctx) -> unforeseen(e, ctx, json, statementTimeoutMs));
    }

    private static void unforeseen(Exception e, Context ctx, ObjectMapper json, int statementTimeoutMs) {
        if (SqlErrors.timedOut(e)) {
            // A search is the client's to narrow; anything else is the service's trouble.
            String detail = "The request's database statement ran longer than the service's statement timeout of "
                    + statementTimeoutMs + " ms";
            if (ctx.method().name().equals("GET") || ctx.path().endsWith("/.search")) {
                error(ctx, 400, "tooMany", detail + "; narrow the filter", json);
            } else {
                error(ctx, 503, null, detail, json);
            }
            return;
        }
        if (SqlErrors.unavailable(e)) {
            LOG.warn("Database unavailable on {} {}: {}", ctx.method(), ctx.path(), rootMessage(e));
            ctx.header("Retry-After", RETRY_AFTER);
            error(ctx, 503, null, "The database is unavailable", json);
            return;
        }
        // The JDBC driver is told to keep bound values and row details out of its messages (ConnectionPools).
        LOG.error("Unexpected error on {} {}", ctx.method(), ctx.path(), e);
        error(ctx, 500, null, "Internal server error", json);
    }

    /** The innermost cause's class and message. */
    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
