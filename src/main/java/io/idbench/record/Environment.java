package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The machine and software a run ran on: its CPUs, memory, system, JDK and JMeter, the commit built (and whether the tree
 * had changes), how PostgreSQL and the search engine were provided, and their versions once the service reported them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Environment(String cpuModel, int cpus, long memoryBytes, String os, String jdk, String jmeter, String gitCommit,
        Boolean gitDirty, Map<String, Provider> providers, String postgresql, String searchEngine) {

    /** How one server was provided ({@code embedded}, {@code testcontainers}, {@code external}): in words, and its process. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Provider(String provider, String description, Long pid) {
    }

    public Environment withProviders(Map<String, Provider> providers) {
        return new Environment(cpuModel, cpus, memoryBytes, os, jdk, jmeter, gitCommit, gitDirty, providers, postgresql, searchEngine);
    }

    /** The versions the service reported at the end of the run. */
    public Environment withVersions(String postgresql, String searchEngine) {
        return new Environment(cpuModel, cpus, memoryBytes, os, jdk, jmeter, gitCommit, gitDirty, providers, postgresql, searchEngine);
    }
}
