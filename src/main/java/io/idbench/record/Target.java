package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * What a target other than idbench's service said of itself before the run and did with a probe identity: its
 * ServiceProviderConfig as it sent it (its own document, kept whole), the names of its resource types and schemas, why a
 * discovery document could not be read, and every difference from what the workload asks.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Target(Map<String, Object> serviceProviderConfig, String serviceProviderConfigUnavailable, List<String> resourceTypes,
        String resourceTypesUnavailable, List<String> schemas, String schemasUnavailable, List<String> differences) {

    public Target withDifferences(List<String> differences) {
        return new Target(serviceProviderConfig, serviceProviderConfigUnavailable, resourceTypes, resourceTypesUnavailable, schemas,
                schemasUnavailable, differences);
    }
}
