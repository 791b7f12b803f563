package io.idbench.plans.jmeter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * A token from a side's token endpoint (RFC 6749: client_credentials, or password), as the side's {@code token.*} properties
 * ({@code versus.token.*} for B) describe it. A confidential client authenticates with HTTP Basic, its id and secret
 * form-encoded (RFC 6749 2.3.1); a public one (no secret) only names itself.
 *
 * @param lifetimeMs how long the token lasts, {@link Long#MAX_VALUE} when the endpoint does not say
 */
record TokenGrant(String accessToken, long lifetimeMs) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    static TokenGrant fetch(String url, Properties props, String prefix) throws IOException, InterruptedException {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", props.getProperty(prefix + "token.grant", "client_credentials"));
        for (String field : new String[] {"username", "password"}) {
            String v = props.getProperty(prefix + (field.equals("username") ? "token.user" : "token.password"), "");
            if (!v.isEmpty()) {
                form.put(field, v);
            }
        }
        String clientId = props.getProperty(prefix + "token.clientId", "");
        String secret = props.getProperty(prefix + "token.clientSecret", "");
        if (secret.isEmpty() && !clientId.isEmpty()) {
            form.put("client_id", clientId);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form.entrySet().stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                        .collect(Collectors.joining("&"))));
        if (!secret.isEmpty()) {
            String basic = encode(clientId) + ":" + encode(secret);
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(basic.getBytes(StandardCharsets.UTF_8)));
        }
        HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("token endpoint " + url + " answered " + response.statusCode() + ": " + response.body());
        }
        JsonNode json = JSON.readTree(response.body());
        long expiresIn = json.path("expires_in").asLong(0);
        return new TokenGrant(json.path("access_token").asText(), expiresIn > 0 ? expiresIn * 1000L : Long.MAX_VALUE);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
