package io.idbench.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * POST /oauth/token (RFC 6749): {@code grant_type=client_credentials} with the client authenticated by HTTP Basic (its
 * id and secret form-encoded, 2.3.1) or by client_id and client_secret in the body (which 2.3.1 allows a server), or
 * {@code grant_type=password} with username and password form fields. Answers an OAuth 2.0
 * token response, or 400/401 with an OAuth error; credentials are never logged.
 */
record TokenEndpoint(TokenService tokens, ObjectMapper json) {

    void register(Javalin app, String path) {
        app.post(path, this::token);
    }

    private void token(Context ctx) {
        String grant = ctx.formParam("grant_type");
        String user;
        String password;
        if ("password".equals(grant)) {
            user = ctx.formParam("username");
            password = ctx.formParam("password");
        } else if ("client_credentials".equals(grant)) {
            String[] basic = basic(ctx.header("Authorization"));
            String[] posted = {ctx.formParam("client_id"), ctx.formParam("client_secret")};
            if (basic[0] != null && posted[1] != null) {
                // RFC 6749 2.3: a client MUST NOT use more than one authentication method in a request.
                oauthError(ctx, 400, "invalid_request", "the client authenticated twice: HTTP Basic and client_secret in the body");
                return;
            }
            user = basic[0] != null ? basic[0] : posted[0];
            password = basic[0] != null ? basic[1] : posted[1];
        } else {
            oauthError(ctx, 400, "unsupported_grant_type", "grant_type must be password or client_credentials");
            return;
        }
        if (!tokens.credentialsValid(user, password)) {
            ctx.header("WWW-Authenticate", "Basic realm=\"idbench\"");
            oauthError(ctx, 401, "invalid_client", "Unknown user or wrong password");
            return;
        }
        ObjectNode out = json.createObjectNode();
        out.put("access_token", tokens.issue()).put("token_type", "Bearer").put("expires_in", tokens.ttlSeconds());
        ctx.header("Cache-Control", "no-store");
        ctx.status(200).json(out);
    }

    /**
     * The client id and secret of an HTTP Basic header, each form-decoded as RFC 6749 2.3.1 has clients encode them ({null,
     * null} when there is none or it is malformed).
     */
    private static String[] basic(String header) {
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return new String[] {null, null};
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return colon < 0 ? new String[] {formDecoded(decoded), null}
                    : new String[] {formDecoded(decoded.substring(0, colon)), formDecoded(decoded.substring(colon + 1))};
        } catch (IllegalArgumentException e) {
            return new String[] {null, null};
        }
    }

    private static String formDecoded(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private void oauthError(Context ctx, int status, String error, String description) {
        ObjectNode out = json.createObjectNode();
        out.put("error", error).put("error_description", description);
        ctx.status(status).json(out);
    }
}
