package io.idbench.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.idbench.common.Json;
import io.idbench.common.PrivateFiles;
import io.idbench.config.Grant;
import io.idbench.record.Environment;
import io.idbench.record.SeedRecord;
import io.idbench.record.Service;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * What {@code serve} and {@code keycloak} write once they are ready ({@code --info-file}): where the service answers and
 * with which token, how its servers were provided, its dataset's seed, and what a replica or a run's steps need to reach
 * it: the database (idbench's service), the token endpoint and the product (another product). Private (mode 0600): it holds
 * secrets.
 *
 * @param adminPassword the administrator's password when the service generated it (printed nowhere else)
 * @param searchUrl     the engine's URL(s), with a search engine
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReadyFile(String baseUrl, Integer port, String token, String adminUser, String adminPassword, String storage,
        String search, long pid, String searchUrl, String searchIndex, String searchEngine, Map<String, Environment.Provider> providers,
        DatabaseAccess database, TokenEndpoint auth, Service.Product product, SeedRecord seed) {
    /** The providers' keys of the servers under the service; a product's command lists its own process beside them. */
    public static final String POSTGRESQL = "postgresql";
    public static final String SEARCH_ENGINE = "searchEngine";

    /** The service's database as a replica connects to it. */
    public record DatabaseAccess(String jdbcUrl, String user, String password) {
    }

    /** Another product's token endpoint and the client the run was given there. */
    public record TokenEndpoint(String tokenUrl, Grant grant, String clientId, String clientSecret) {
    }

    public static ReadyFile read(Path file) throws IOException {
        return Json.mapper().readValue(file.toFile(), ReadyFile.class);
    }

    /** Written whole and moved into place, mode 0600: a reader polling for it never sees half of it, nor anyone else. */
    public void write(Path file) throws IOException {
        PrivateFiles.replace(file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(this));
    }
}
