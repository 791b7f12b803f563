package io.idbench.targets;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.config.Grant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The bearer token for a SCIM target: a static one, or one from an OAuth 2.0 token endpoint
 * (RFC 6749: client credentials or password grant), fetched again at three quarters of its
 * lifetime, as the plans do. Thread-safe: one fetch at a time, every caller gets a valid token.
 */
public abstract class TokenSource {

    /** A token valid now. */
    public abstract String token();

    public static TokenSource fixed(String token) {
        return new TokenSource() {
            @Override
            public String token() {
                return token;
            }
        };
    }

    /**
     * Tokens from {@code tokenUrl}. A confidential client (with a secret) authenticates with HTTP Basic, which every
     * server must accept (RFC 6749 2.3.1, its id and secret form-encoded first); a public one only names itself.
     *
     * @param grant client credentials (clientId and clientSecret) or password (user, password; the client when given)
     */
    public static TokenSource endpoint(String tokenUrl, Grant grant, String clientId, String clientSecret, String user,
            String password) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", grant.id());
        boolean confidential = clientSecret != null && !clientSecret.isEmpty();
        if (!confidential) {
            put(form, "client_id", clientId);
        }
        put(form, "username", user);
        put(form, "password", password);
        String authorization = confidential ? basic(clientId == null ? "" : clientId, clientSecret) : null;
        return new Endpoint(tokenUrl, form, authorization, Clock.systemUTC());
    }

    /** The Authorization header of a client's HTTP Basic authentication at a token endpoint (RFC 6749 2.3.1). */
    public static String basic(String clientId, String clientSecret) {
        return "Basic " + Base64.getEncoder().encodeToString((Endpoint.enc(clientId) + ":" + Endpoint.enc(clientSecret))
                .getBytes(StandardCharsets.UTF_8));
    }

    private static void put(Map<String, String> form, String key, String value) {
        if (value != null && !value.isEmpty()) {
            form.put(key, value);
        }
    }

    private static final class Endpoint extends TokenSource {
        private final HttpClient http = HttpClient.newHttpClient();
        private final String url;
        private final String body;
        private final String authorization;
        private final Clock clock;
        private String token;
        private long refreshAt;

        Endpoint(String url, Map<String, String> form, String authorization, Clock clock) {
            this.url = url;
            this.authorization = authorization;
            this.body = form.entrySet().stream().map(e -> enc(e.getKey()) + "=" + enc(e.getValue())).collect(Collectors.joining("&"));
            this.clock = clock;
        }

        @Override
        public synchronized String token() {
            long now = clock.millis();
            if (token == null || now >= refreshAt) {
                JsonNode answer = fetch();
                token = answer.path("access_token").asText();
                long lifetime = answer.path("expires_in").asLong(0) * 1000;
                refreshAt = lifetime > 0 ? now + lifetime * 3 / 4 : Long.MAX_VALUE;
            }
            return token;
        }

        private JsonNode fetch() {
            try {
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                        .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(body));
                if (authorization != null) {
                    request.header("Authorization", authorization);
                }
                HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    throw new IllegalStateException("the token endpoint " + url + " answered " + r.statusCode() + ": " + r.body());
                }
                JsonNode answer = Json.mapper().readTree(r.body());
                if (!answer.path("access_token").isTextual()) {
                    throw new IllegalStateException("the token endpoint " + url + " answered no access_token: " + r.body());
                }
                return answer;
            } catch (IOException e) {
                throw new UncheckedIOException("the token endpoint " + url + " could not be reached: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }

        private static String enc(String s) {
            return URLEncoder.encode(s, StandardCharsets.UTF_8);
        }
    }
}
