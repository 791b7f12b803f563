package io.idbench.run;

import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Properties;

/**
 * The SCIM base URL as the plans use it: JMeter ignores the query parameters of a sampler whose
 * path is a whole URL, so the URL is handed over in parts (protocol, host, port, path).
 */
final class TargetProperties {
    private TargetProperties() {
    }

    static Properties of(String baseUrl, String token) {
        URI uri = URI.create(baseUrl);
        Properties p = new Properties();
        p.setProperty("target.url", baseUrl);
        p.setProperty("target.protocol", uri.getScheme());
        p.setProperty("target.host", uri.getHost());
        p.setProperty("target.port", "" + port(uri));
        p.setProperty("target.path", uri.getRawPath() == null ? "" : uri.getRawPath());
        p.setProperty("token", token);
        return p;
    }

    /** A base URL's host:port, its port explicit (a replica of the target as the plans address it). */
    static String hostPort(String baseUrl) {
        URI uri = URI.create(baseUrl);
        return uri.getHost() + ":" + port(uri);
    }

    private static int port(URI uri) {
        return uri.getPort() > 0 ? uri.getPort() : uri.getScheme().equals("https") ? 443 : 80;
    }

    /** Adds properties to JMeter's for this run (the prepare step wrote the first ones; the start step adds the target's). */
    static void append(RunDirectory run, Properties p, String comment) throws IOException {
        try (Writer w = Files.newBufferedWriter(run.jmeterProperties(), StandardOpenOption.APPEND)) {
            p.store(w, comment);
        }
    }
}
