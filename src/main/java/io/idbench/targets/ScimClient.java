package io.idbench.targets;

import com.fasterxml.jackson.databind.JsonNode;
import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeException;
import dev.failsafe.RetryPolicy;
import io.idbench.common.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;

/**
 * Requests to a SCIM 2.0 base URL with a bearer token: what seeding and probing a target need.
 * A request that could not reach the server, or that the server answered as overloaded
 * (429, 502, 503, 504), is tried again a few times with backoff; any other answer is returned.
 */
public final class ScimClient {
    /** Attempts per request, the first included. */
    static final int ATTEMPTS = 5;
    private static final Set<Integer> OVERLOADED = Set.of(429, 502, 503, 504);
    private static final String SCIM_JSON = "application/scim+json";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String baseUrl;
    private final TokenSource tokens;
    private final RetryPolicy<HttpResponse<String>> retry = RetryPolicy.<HttpResponse<String>>builder()
            .handle(IOException.class).handleResultIf(r -> OVERLOADED.contains(r.statusCode()))
            .withBackoff(Duration.ofMillis(200), Duration.ofSeconds(5)).withMaxAttempts(ATTEMPTS).build();

    public ScimClient(String baseUrl, TokenSource tokens) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.tokens = tokens;
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** One answer: its status and its body parsed (null when empty or not JSON). */
    public record Answer(int status, JsonNode body, String text) {
        public boolean is(int expected) {
            return status == expected;
        }
    }

    public Answer get(String pathAndQuery) {
        return send("GET", pathAndQuery, null);
    }

    public Answer post(String path, JsonNode body) {
        return send("POST", path, body);
    }

    public Answer patch(String path, JsonNode body) {
        return send("PATCH", path, body);
    }

    public Answer delete(String path) {
        return send("DELETE", path, null);
    }

    /** The list of resources matching a SCIM filter (RFC 7644 3.4.2.2), with the query's other parameters. */
    public Answer list(String resource, String filter, String more) {
        return get("/" + resource + "?filter=" + URLEncoder.encode(filter, StandardCharsets.UTF_8) + (more.isEmpty() ? "" : "&" + more));
    }

    /** The listings as the provisioning audit reads them. */
    public ProvisioningAudit.Pages pages() {
        return (resource, filter, query) -> {
            Answer a = list(resource, filter, query);
            return new ProvisioningAudit.Page(a.status(), a.body(), a.text());
        };
    }

    private Answer send(String method, String path, JsonNode body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(120))
                .header("Accept", SCIM_JSON);
        b = body == null ? b.method(method, HttpRequest.BodyPublishers.noBody())
                : b.header("Content-Type", SCIM_JSON).method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        HttpRequest.Builder request = b;
        HttpResponse<String> r;
        try {
            r = Failsafe.with(retry).get(() -> http.send(request.copy().header("Authorization", "Bearer " + tokens.token()).build(),
                    HttpResponse.BodyHandlers.ofString()));
        } catch (FailsafeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new UncheckedIOException(method + " " + baseUrl + path + " failed " + ATTEMPTS + " times: " + cause.getMessage(),
                    cause instanceof IOException io ? io : new IOException(cause));
        }
        JsonNode parsed = null;
        try {
            parsed = r.body().isBlank() ? null : Json.mapper().readTree(r.body());
        } catch (IOException notJson) {
            // kept as text: an error page of a proxy, say
        }
        return new Answer(r.statusCode(), parsed, r.body());
    }
}
