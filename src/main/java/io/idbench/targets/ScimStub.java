package io.idbench.targets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.idbench.common.Json;
import io.idbench.common.ServerTiming;
import io.idbench.scim.schema.ScimSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SCIM endpoint that stores nothing and answers plan 1's six operations (and its Populate and Teardown) as a service
 * would, so that the plan's every check passes: JMeter measured alone, against a target that costs it as little as a
 * server can. An identity's id is its userName, so a read, search or PATCH can answer any identity without a store; the
 * bodies are the workload's identity (the size the plans' JSON checks parse). Every answer carries the service's
 * {@code Server-Timing} (its own time and thread CPU), and {@code /idbench/telemetry/jit} its JIT time, so the plan's
 * steady-state detector works as against idbench's service.
 */
public final class ScimStub implements AutoCloseable {
    /** The SCIM base path, idbench's service's. */
    public static final String BASE = "/scim/v2";
    /** Handler threads: more than the plans' default 10 JMeter threads, so no request waits for one. */
    public static final int DEFAULT_THREADS = 16;

    private static final String SCIM_JSON = "application/scim+json";
    /** A filter's compared value: plan 1 asks by userName, or by given/family name (fn_/sn_ + userName). */
    private static final Pattern FILTER_VALUE = Pattern
            .compile("(?:userName|name\\.givenName|name\\.familyName) eq \"(?:fn_|sn_)?([^\"]+)\"");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    private final ObjectMapper json = Json.mapper();
    private final HttpServer server;
    private final ExecutorService handlers;
    private final boolean patchWithoutBody;

    private ScimStub(HttpServer server, ExecutorService handlers, boolean patchWithoutBody) {
        this.server = server;
        this.handlers = handlers;
        this.patchWithoutBody = patchWithoutBody;
    }

    /**
     * Listens on 127.0.0.1:port (0: a free one) until closed; a PATCH is answered 200 with the resource, or (patchWithoutBody)
     * 204 without it, both as RFC 7644 3.5.2 allows.
     */
    public static ScimStub start(int port, int threads, boolean patchWithoutBody) throws IOException {
        // Without it the JDK's server leaves Nagle's algorithm on: every small answer waits for the client's delayed ACK (40 ms).
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        ExecutorService handlers = Executors.newFixedThreadPool(threads);
        ScimStub stub = new ScimStub(server, handlers, patchWithoutBody);
        server.setExecutor(handlers);
        server.createContext("/", stub::handle);
        server.start();
        return stub;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port() + BASE;
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        long t0 = System.nanoTime();
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        try {
            Answer answer;
            try {
                answer = answer(exchange.getRequestMethod(), exchange.getRequestURI(),
                        exchange.getRequestHeaders().getFirst("Authorization"),
                        exchange.getRequestBody());
            } catch (JsonProcessingException e) {
                answer = error(400, "the body is not JSON: " + e.getOriginalMessage());
            } catch (RuntimeException e) {
                answer = error(500, e.toString());
            }
            byte[] body = answer.body == null ? new byte[0] : json.writeValueAsBytes(answer.body);
            if (answer.body != null) {
                exchange.getResponseHeaders().set("Content-Type", SCIM_JSON);
            }
            long wall = (System.nanoTime() - t0) / 1000;
            long cpu = (THREADS.getCurrentThreadCpuTime() - cpu0) / 1000;
            exchange.getResponseHeaders().set(ServerTiming.HEADER, ServerTiming.value(wall, cpu));
            exchange.sendResponseHeaders(answer.status, body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                exchange.getResponseBody().write(body);
            }
        } finally {
            exchange.close();
        }
    }

    private record Answer(int status, JsonNode body) {
    }

    private Answer answer(String method, URI uri, String authorization, InputStream requestBody) throws IOException {
        String path = uri.getPath();
        if (path.equals("/idbench/telemetry/jit")) {
            return new Answer(200, json.createObjectNode().put("compilationMillis", JIT.getTotalCompilationTime()));
        }
        if (!path.equals(BASE + "/Users") && !path.startsWith(BASE + "/Users/")) {
            return error(404, "no such endpoint: " + path);
        }
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return error(401, "a bearer token is required");
        }
        String id = path.length() > (BASE + "/Users/").length() ? path.substring((BASE + "/Users/").length()) : null;
        return switch (method + (id == null ? " Users" : " Users/id")) {
            case "POST Users" -> created(json.readTree(requestBody));
            case "GET Users" -> search(uri.getRawQuery());
            case "GET Users/id" -> new Answer(200, user(id, null));
            case "PUT Users/id" -> json.readTree(requestBody) instanceof ObjectNode user ? new Answer(200, user.put("id", id))
                    : error(400, "the body is not a User");
            case "PATCH Users/id" -> patchWithoutBody ? new Answer(204, null)
                    : new Answer(200, user(id, json.readTree(requestBody).at("/Operations/0/value").asText(null)));
            case "DELETE Users/id" -> new Answer(204, null);
            default -> error(405, method + " is not supported here");
        };
    }

    private Answer created(JsonNode body) {
        String userName = body.path("userName").asText("");
        if (userName.isEmpty() || !(body instanceof ObjectNode user)) {
            return error(400, "userName is required");
        }
        user.remove("password");
        user.put("id", userName);
        return new Answer(201, user);
    }

    /** One match for a filter that names an identity (the stub has them all), none for any other. */
    private Answer search(String rawQuery) {
        String filter = "";
        for (String pair : rawQuery == null ? new String[0] : rawQuery.split("&")) {
            if (pair.startsWith("filter=")) {
                filter = URLDecoder.decode(pair.substring("filter=".length()), StandardCharsets.UTF_8);
            }
        }
        Matcher m = FILTER_VALUE.matcher(filter);
        ObjectNode list = json.createObjectNode();
        list.putArray("schemas").add(ScimSchemas.LIST_RESPONSE_URN);
        ArrayNode resources = json.createArrayNode();
        if (m.find()) {
            resources.add(user(m.group(1), null));
        }
        list.put("totalResults", resources.size()).put("startIndex", 1).put("itemsPerPage", resources.size());
        list.set("Resources", resources);
        return new Answer(200, list);
    }

    /** The workload's identity named userName (its id too), its work e-mail the one given, else the generated one. */
    private ObjectNode user(String userName, String workEmail) {
        ObjectNode user = json.createObjectNode();
        user.putArray("schemas").add(ScimSchemas.USER_URN).add(ScimSchemas.ENTERPRISE_URN);
        user.put("id", userName).put("userName", userName).put("active", true).put("userType", "Type A");
        user.putObject("name").put("givenName", "fn_" + userName).put("familyName", "sn_" + userName);
        user.putArray("emails").addObject().put("value", workEmail == null ? userName + "@example.org" : workEmail).put("type", "work")
                .put("primary", true);
        user.putArray("phoneNumbers").addObject().put("value", "+1 556 " + userName).put("type", "mobile");
        ArrayNode addresses = user.putArray("addresses");
        addresses.addObject().put("streetAddress", "4507 Hill Boulevard, Suite 242").put("locality", "Ashland").put("region", "OH")
                .put("postalCode", "23434").put("country", "US").put("type", "home");
        addresses.addObject().put("streetAddress", "8936 Pine Court, Suite 132").put("locality", "Arlington").put("region", "VA")
                .put("postalCode", "13905").put("country", "US").put("type", "work");
        user.putObject(ScimSchemas.ENTERPRISE_URN).put("employeeNumber", "N-" + userName);
        user.putObject("meta").put("resourceType", "User").put("location", BASE + "/Users/" + userName);
        return user;
    }

    private Answer error(int status, String detail) {
        ObjectNode error = json.createObjectNode();
        error.putArray("schemas").add(ScimSchemas.ERROR_URN);
        error.put("status", String.valueOf(status)).put("detail", detail);
        return new Answer(status, error);
    }
}
