package io.idbench.run;

import io.idbench.cli.ReadyFile;
import io.idbench.record.Environment;
import io.idbench.service.Endpoints;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/** The running service as its ready file ({@code serve --info-file}) describes it, and calls to its idbench endpoints. */
record ServiceInfo(ReadyFile ready) {
    private static final java.util.Set<String> SERVICE_PROVIDERS = java.util.Set.of(ReadyFile.POSTGRESQL, ReadyFile.SEARCH_ENGINE);

    static ServiceInfo read(Path file) throws IOException {
        return new ServiceInfo(ReadyFile.read(file));
    }

    String baseUrl() {
        return ready.baseUrl();
    }

    String token() {
        return ready.token() == null ? "" : ready.token();
    }

    long pid() {
        return ready.pid();
    }

    /** Another product's (Keycloak's): it has no idbench telemetry, and its own token endpoint. */
    boolean product() {
        return ready.product() != null;
    }

    /**
     * The process of the product a run provisioned (Keycloak's JVM, slapd): the provider its command lists beside the
     * service's own PostgreSQL and engine; 0 for idbench's own service.
     */
    long productPid() {
        return ready.providers() == null ? 0 : ready.providers().entrySet().stream().filter(e -> !SERVICE_PROVIDERS.contains(e.getKey()))
                .mapToLong(e -> e.getValue().pid() == null ? 0 : e.getValue().pid()).max().orElse(0);
    }

    /** The process id of the service's PostgreSQL or engine ({@code postgresql}, {@code searchEngine}), 0 when unknown. */
    long providerPid(String provider) {
        Environment.Provider p = ready.providers() == null ? null : ready.providers().get(provider);
        return p == null || p.pid() == null ? 0 : p.pid();
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
