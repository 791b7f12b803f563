package io.idbench.run;

/**
 * One parameter of a benchmark run, as a scenario file, a profile or {@code -D<key>=<value>} sets it.
 *
 * @param key          the name in parameters/*.properties and after -D
 * @param defaultValue the value when nothing sets it ("" = unset)
 * @param serveOption  the {@code idbench serve} option it becomes, or null for a parameter of the run itself
 * @param secret       stripped from every record
 * @param description  one line for --help, docs/parameters.md and errors
 */
public record Parameter(String key, String defaultValue, String serveOption, boolean secret, String description) {

    /** Whether the service under test (not the load) is configured by it. */
    public boolean provisioning() {
        return serveOption != null;
    }
}
