package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.Postmasters;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code idbench serve} as a user runs it, in its own JVM: it brings up embedded PostgreSQL (and
 * an embedded search engine), says which provider it chose and why, and on SIGTERM stops
 * everything, leaving no PostgreSQL or engine process behind.
 */
class ServeLifecycleTest {
    private static final Pattern READY = Pattern.compile("SCIM 2.0 service ready at (http://\\S+)");
    private static final Pattern POSTGRES = Pattern.compile("on 127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern ENGINE_PID = Pattern.compile("^Search engine: embedded OpenSearch .*; pid (\\d+)\\)$");
    private static final String TOKEN = "lifecycle-token-0123456789";

    @Test
    void servesThenStopsEverythingOnSigterm() throws Exception {
        List<String> output = run("--search=sql");
        assertThat(output).noneMatch(l -> l.startsWith("Search engine:"));
    }

    @Test
    void withASearchEngineStopsItAndItsChildrenToo() throws Exception {
        List<String> output = run("--search=opensearch", "--search-provider=embedded");
        assertThat(output).anyMatch(l -> l.startsWith("Storage: jsonb; search: opensearch (refresh=false;"));
    }

    /** Runs serve until ready, checks it answers, stops it with SIGTERM, checks nothing is left. */
    private List<String> run(String... searchOptions) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), Idbench.class.getName(),
                "serve", "--port=0", "--token=" + TOKEN, "--db-provider=embedded", "--pg-data-dir=none"));
        command.addAll(List.of(searchOptions));
        Process serve = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new CopyOnWriteArrayList<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        try {
            String[] found = CompletableFuture.supplyAsync(() -> readUntilReady(lines, output)).get(180, TimeUnit.SECONDS);
            String baseUrl = found[0];
            String pgPort = found[1];
            assertThat(Postmasters.runningOn(pgPort)).as("embedded PostgreSQL process").isTrue();
            assertThat(output).anyMatch(l -> l.startsWith("PostgreSQL: embedded PostgreSQL 17.") && l.contains("(chosen explicitly;"));
            List<ProcessHandle> engine = enginesProcesses(output);
            assertThat(engine).allMatch(ProcessHandle::isAlive);

            HttpResponse<String> config = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(baseUrl + "/ServiceProviderConfig")).header("Authorization", "Bearer " + TOKEN).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(config.statusCode()).isEqualTo(200);

            serve.toHandle().destroy(); // SIGTERM, keeping our end of its output open
            assertThat(serve.waitFor(120, TimeUnit.SECONDS)).as("serve exits after SIGTERM").isTrue();
            CompletableFuture.runAsync(() -> lines.lines().forEach(output::add)).get(30, TimeUnit.SECONDS);
            assertThat(output).contains("Stopped.");
            assertThat(Postmasters.runningOn(pgPort)).as("PostgreSQL left behind: " + output).isFalse();
            assertThat(engine).as("engine processes left behind").noneMatch(ProcessHandle::isAlive);
            return output;
        } finally {
            serve.destroyForcibly();
        }
    }

    /** The engine's process (from the pid serve printed) and its descendants; none without an engine. */
    private static List<ProcessHandle> enginesProcesses(List<String> output) {
        List<ProcessHandle> all = new ArrayList<>();
        for (String line : output) {
            Matcher m = ENGINE_PID.matcher(line);
            if (m.find()) {
                ProcessHandle root = ProcessHandle.of(Long.parseLong(m.group(1))).orElseThrow();
                all.add(root);
                root.descendants().forEach(all::add);
            }
        }
        boolean announced = output.stream().anyMatch(l -> l.startsWith("Search engine:"));
        assertThat(all.isEmpty()).as("engine pid printed: " + output).isEqualTo(!announced);
        return all;
    }

    private static String[] readUntilReady(BufferedReader lines, List<String> output) {
        String pgPort = null;
        try {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                output.add(line);
                Matcher pg = POSTGRES.matcher(line);
                if (line.startsWith("PostgreSQL: embedded") && pg.find()) {
                    pgPort = pg.group(1);
                }
                Matcher ready = READY.matcher(line);
                if (ready.find()) {
                    return new String[] {ready.group(1), pgPort};
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new AssertionError("serve ended before it was ready: " + output);
    }
}
