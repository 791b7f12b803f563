package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The service the run measured: its SCIM base URL and, for idbench's own, its storage and search; for another product
 * started by the run, that product; with replicas, every replica's URL (the first is this one's).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Service(String baseUrl, String storage, String search, String searchEngine, Product product, List<String> replicas) {

    /** A product the run provisioned and measured with the same plans (Keycloak): what it is and how it was started. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Product(String name, String version, String database, String heap, String options, Double startupSeconds,
            List<String> notes) {
    }

    public Service withReplicas(List<String> replicas) {
        return new Service(baseUrl, storage, search, searchEngine, product, replicas);
    }
}
