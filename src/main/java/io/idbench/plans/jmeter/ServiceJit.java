package io.idbench.plans.jmeter;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.Properties;

/** The service's JIT compile time so far (ms), from idbench's /idbench/telemetry/jit; -1 where the target does not say. */
final class ServiceJit {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TIMEOUT_MS = 1000;

    private ServiceJit() {
    }

    /** The thread's target's; in a duet (both sides measured at once) both services' together, since both must be quiet. */
    static long of(String protocol, String host, String port, String token, Properties props) {
        if (!"true".equals(props.getProperty("duet", "false"))) {
            return at(protocol, host, port, token);
        }
        long a = at(props.getProperty("target.protocol", "http"), props.getProperty("target.host"), props.getProperty("target.port"),
                props.getProperty("token", ""));
        long b = at(props.getProperty("versus.target.protocol", "http"), props.getProperty("versus.target.host"),
                props.getProperty("versus.target.port"), props.getProperty("versus.token", ""));
        return a < 0 || b < 0 ? -1L : a + b;
    }

    static long at(String protocol, String host, String port, String token) {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(protocol + "://" + host + ":" + port + "/idbench/telemetry/jit").toURL()
                    .openConnection();
            c.setRequestProperty("Authorization", "Bearer " + token);
            c.setConnectTimeout(TIMEOUT_MS);
            c.setReadTimeout(TIMEOUT_MS);
            if (c.getResponseCode() != 200) {
                return -1L;
            }
            try (InputStream in = c.getInputStream()) {
                return JSON.readTree(in).path("compilationMillis").asLong(-1L);
            }
        } catch (IOException | IllegalArgumentException e) {
            return -1L;
        }
    }
}
