package io.idbench.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.idbench.common.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executors;

/**
 * A wrong store for the provisioning audit to catch: a loopback proxy in front of a real SCIM service that passes every
 * request on, except that it spoils one kind of PATCH the way faulty servers have (AzureAD's reference code once wiped members
 * on a Remove; servers that read only real booleans ignore Entra's "False").
 */
public final class FaultyScimProxy implements AutoCloseable {
    /** What it spoils. */
    public enum Fault {
        /** A PATCH with several member removals loses its last one: one member stays. */
        DROPS_ONE_OF_SEVERAL_REMOVALS,
        /** An operation whose value is the text "False" is dropped: the user stays active. */
        IGNORES_FALSE_AS_TEXT
    }

    private final HttpServer server;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String target;
    private final Fault fault;

    private FaultyScimProxy(String target, Fault fault) throws IOException {
        this.target = target;
        this.fault = fault;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.createContext("/", this::forward);
        server.start();
    }

    /** A proxy for the SCIM base URL {@code target} (its path included), spoiling as {@code fault} says. */
    public static FaultyScimProxy start(String target, Fault fault) throws IOException {
        return new FaultyScimProxy(target, fault);
    }

    /** Its SCIM base URL: the target's path on the proxy's port. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + URI.create(target).getRawPath();
    }

    private void forward(HttpExchange x) throws IOException {
        try (x) {
            String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (x.getRequestMethod().equals("PATCH")) {
                body = spoiled(body);
                if (body == null) {
                    x.sendResponseHeaders(204, -1); // nothing left to do: answered as done
                    return;
                }
            }
            URI base = URI.create(target);
            URI to = URI.create(base.getScheme() + "://" + base.getRawAuthority() + x.getRequestURI().getRawPath()
                    + (x.getRequestURI().getRawQuery() == null ? "" : "?" + x.getRequestURI().getRawQuery()));
            HttpRequest.Builder r = HttpRequest.newBuilder(to).method(x.getRequestMethod(),
                    body.isEmpty() ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            for (String h : List.of("Authorization", "Content-Type", "Accept")) {
                String v = x.getRequestHeaders().getFirst(h);
                if (v != null) {
                    r.header(h, v);
                }
            }
            HttpResponse<byte[]> answer = http.send(r.build(), HttpResponse.BodyHandlers.ofByteArray());
            answer.headers().firstValue("Content-Type").ifPresent(v -> x.getResponseHeaders().add("Content-Type", v));
            answer.headers().firstValue("Location").ifPresent(v -> x.getResponseHeaders().add("Location", v));
            byte[] out = answer.body();
            x.sendResponseHeaders(answer.statusCode(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
                try (OutputStream o = x.getResponseBody()) {
                    o.write(out);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The PATCH body as the fault leaves it; null when no operation is left. */
    private String spoiled(String body) throws IOException {
        JsonNode patch = Json.mapper().readTree(body);
        ArrayNode ops = (ArrayNode) patch.path("Operations");
        switch (fault) {
            case DROPS_ONE_OF_SEVERAL_REMOVALS -> {
                int last = -1;
                int removals = 0;
                for (int i = 0; i < ops.size(); i++) {
                    if (ops.get(i).path("op").asText().equalsIgnoreCase("remove")) {
                        last = i;
                        removals++;
                    }
                }
                if (removals > 1) {
                    ops.remove(last);
                }
            }
            case IGNORES_FALSE_AS_TEXT -> {
                for (int i = ops.size() - 1; i >= 0; i--) {
                    if (ops.get(i).path("value").isTextual() && ops.get(i).path("value").asText().equals("False")) {
                        ops.remove(i);
                    }
                }
            }
        }
        return ops.isEmpty() ? null : ((ObjectNode) patch).toString();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
