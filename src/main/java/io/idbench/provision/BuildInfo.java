package io.idbench.provision;

import io.idbench.config.EngineVersions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** What the build wrote into idbench-build.properties: engine versions and where they were unpacked. */
public final class BuildInfo {
    private static final Properties PROPERTIES = load();

    private BuildInfo() {
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/idbench-build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** A value the build wrote, or {@code fallback} (a jar built without it). */
    public static String get(String key, String fallback) {
        String v = PROPERTIES.getProperty(key);
        return v == null || v.isBlank() || v.startsWith("${") ? fallback : v;
    }

    public static String elasticsearchVersion() {
        return EngineVersions.ELASTICSEARCH;
    }

    public static String opensearchVersion() {
        return EngineVersions.OPENSEARCH;
    }

    /** target/search-dist of the build that made this jar. */
    public static String searchDistDirectory() {
        return PROPERTIES.getProperty("search-dist.directory", "target/search-dist");
    }

    /** target/keycloak-dist of the build that made this jar (filled with -Ptarget-keycloak). */
    public static String keycloakDistDirectory() {
        return PROPERTIES.getProperty("keycloak-dist.directory", "target/keycloak-dist");
    }
}
