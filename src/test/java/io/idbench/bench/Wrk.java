package io.idbench.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** Runs one of src/test/wrk's scripts against the service on loopback and returns its report line. */
final class Wrk {
    private Wrk() {
    }

    /** The {@code requests=… p50=… p95=…} line common.lua prints, or "(no result)". */
    static String run(int port, String token, String script, int connections, int seconds, Map<String, String> env)
            throws Exception {
        Path dir = Path.of("src/test/wrk").toAbsolutePath();
        ProcessBuilder pb = new ProcessBuilder("wrk", "-t" + Math.min(2, connections), "-c" + connections,
                "-d" + seconds + "s", "-s", dir.resolve(script).toString(), "http://127.0.0.1:" + port)
                .redirectErrorStream(true);
        pb.environment().put("TOKEN", token);
        pb.environment().put("WRK_DIR", dir.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        String result = "(no result)";
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("requests=")) {
                    result = line;
                }
            }
        }
        p.waitFor();
        return result;
    }
}
