package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The machine and software a run ran on: its CPUs, memory, system, JDK and JMeter, the commit built (whether the tree had
 * changes, and {@code gitChanges}: a hash of them, so that two runs with the same changes are known to be the same code), how
 * PostgreSQL and the search engine were provided, and their versions once the service reported them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Environment(String cpuModel, int cpus, long memoryBytes, String os, String jdk, String jmeter, String gitCommit,
        Boolean gitDirty, String gitChanges, Map<String, Provider> providers, String postgresql, String searchEngine) {

    /** How one server was provided ({@code embedded}, {@code testcontainers}, {@code external}): in words, and its process. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Provider(String provider, String description, Long pid) {
    }

    /**
     * The code measured, as far as the record tells: the commit, and with uncommitted changes their hash ("?" in records
     * that did not keep it: those of one commit count as one code); empty when the commit is unknown.
     */
    public String code() {
        if (gitCommit == null || gitCommit.isBlank()) {
            return "";
        }
        return Boolean.TRUE.equals(gitDirty) ? gitCommit + "+" + (gitChanges == null ? "?" : gitChanges) : gitCommit;
    }

    public Environment withProviders(Map<String, Provider> providers) {
        return new Environment(cpuModel, cpus, memoryBytes, os, jdk, jmeter, gitCommit, gitDirty, gitChanges, providers, postgresql,
                searchEngine);
    }

    /** The versions the service reported at the end of the run. */
    public Environment withVersions(String postgresql, String searchEngine) {
        return new Environment(cpuModel, cpus, memoryBytes, os, jdk, jmeter, gitCommit, gitDirty, gitChanges, providers, postgresql,
                searchEngine);
    }
}
