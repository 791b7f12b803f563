package io.idbench.config;

/** A bad or contradictory parameter: one precise line, reported before anything starts. */
public class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }
}
