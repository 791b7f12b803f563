package io.idbench.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** A small SCIM client over java.net.http for tests: every call returns status, headers and JSON. */
public final class ScimClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;
    private final String token;

    public ScimClient(String baseUrl, String token) {
        this.baseUrl = baseUrl;
        this.token = token;
    }

    public record Response(int status, JsonNode body, HttpHeaders headers) {
        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        public String etag() {
            return header("ETag");
        }

        public String id() {
            return body.path("id").asText();
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    public static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    public ScimClient withToken(String other) {
        return new ScimClient(baseUrl, other);
    }

    public Response get(String path) {
        return send(request(path).GET());
    }

    public Response post(String path, Object body) {
        return send(request(path).POST(bodyOf(body)));
    }

    public Response put(String path, Object body, String ifMatch) {
        return send(withIfMatch(request(path), ifMatch).PUT(bodyOf(body)));
    }

    public Response patch(String path, Object body, String ifMatch) {
        return send(withIfMatch(request(path), ifMatch).method("PATCH", bodyOf(body)));
    }

    public Response delete(String path, String ifMatch) {
        return send(withIfMatch(request(path), ifMatch).DELETE());
    }

    public Response raw(String method, String path, String body) {
        return send(request(path).method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Any method, body publisher and headers (name, value, …); the given headers replace the defaults. */
    public Response send(String method, String path, HttpRequest.BodyPublisher body, String... headers) {
        HttpRequest.Builder b = request(path).method(method, body);
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.setHeader(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/scim+json");
        return token == null ? b : b.header("Authorization", "Bearer " + token);
    }

    private static HttpRequest.Builder withIfMatch(HttpRequest.Builder b, String ifMatch) {
        return ifMatch == null ? b : b.header("If-Match", ifMatch);
    }

    private static HttpRequest.BodyPublisher bodyOf(Object body) {
        try {
            String text = body instanceof String s ? s : JSON.writeValueAsString(body);
            return HttpRequest.BodyPublishers.ofString(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Response send(HttpRequest.Builder b) {
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = r.body().isEmpty() ? JSON.nullNode() : JSON.readTree(r.body());
            return new Response(r.statusCode(), body, r.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
