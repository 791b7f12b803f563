package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.service.Endpoints;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/** The running service as its ready file ({@code serve --info-file}) describes it, and calls to its idbench endpoints. */
record ServiceInfo(JsonNode json) {
    static ServiceInfo read(Path file) throws IOException {
        return new ServiceInfo(Json.mapper().readTree(file.toFile()));
    }

    String baseUrl() {
        return json.path("baseUrl").asText();
    }

    String token() {
        return json.path("token").asText();
    }

    long pid() {
        return json.path("pid").asLong();
    }

    /** The service's root URL: the SCIM base URL without /scim/v2. */
    String root() {
        return Endpoints.root(baseUrl());
    }

    /** {@code method path} on the service's root, with its bearer token. */
    HttpResponse<String> call(String method, String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(root() + path))
                .header("Authorization", "Bearer " + token()).method(method, HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
