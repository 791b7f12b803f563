package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.idbench.provision.DeathWatch;
import io.idbench.support.Postmasters;
import io.idbench.support.StartsServers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
 * everything, leaving no PostgreSQL or engine process behind. Faults: killed with SIGKILL it still
 * leaves nothing running; when its PostgreSQL or engine dies under it, it stops at once with one
 * clear line instead of failing every request.
 */
@StartsServers
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

    @Test
    void killedWithSigkillItLeavesNoServerRunning() throws Exception {
        Started s = start("--search=opensearch", "--search-provider=embedded");
        try {
            assertThat(s.engine()).isNotEmpty().allMatch(ProcessHandle::isAlive);
            s.serve().destroyForcibly();
            assertThat(s.serve().waitFor(30, TimeUnit.SECONDS)).isTrue();
            // The reaper notices within a second; the servers then take a moment to end.
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThat(Postmasters.runningOn(s.pgPort())).as("PostgreSQL left behind").isFalse();
                assertThat(s.engine()).as("engine processes left behind").noneMatch(ServeLifecycleTest::running);
            });
        } finally {
            s.serve().destroyForcibly();
        }
    }

    /**
     * A build killed before the service it started looked for it: the service, handed to another parent by then, still
     * stops, before it starts anything (it watches the pid the build named in its environment, not its parent of the moment).
     */
    @Test
    void withStopWithParentItEndsAtOnceWhenTheBuildThatStartedItIsAlreadyGone() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor(30, TimeUnit.SECONDS)).isTrue();
        ProcessBuilder pb = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Idbench.class.getName(), "serve", "--port=0", "--token=" + TOKEN,
                "--db-provider=embedded", "--pg-data-dir=none", "--search=sql", "--stop-with-parent").redirectErrorStream(true);
        pb.environment().put(ServedUntilStopped.PARENT_PID, Long.toString(gone.pid()));
        Process serve = pb.start();
        try {
            assertThat(serve.waitFor(60, TimeUnit.SECONDS)).as("serve ends by itself").isTrue();
            String output = new String(serve.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(serve.exitValue()).as(output).isEqualTo(3);
            assertThat(output).as("nothing was started").doesNotContain("PostgreSQL: embedded").contains("Stopped.");
        } finally {
            serve.destroyForcibly();
        }
    }

    @Test
    void whenItsPostgresqlDiesItStopsAtOnceWithOneClearLine() throws Exception {
        Started s = start("--search=sql");
        try {
            ProcessHandle postmaster = Postmasters.on(s.pgPort()).orElseThrow();
            postmaster.destroyForcibly();
            assertThat(s.serve().waitFor(60, TimeUnit.SECONDS)).as("serve exits").isTrue();
            assertThat(s.serve().exitValue()).isEqualTo(DeathWatch.SERVER_DIED);
            CompletableFuture.runAsync(() -> s.lines().lines().forEach(s.output()::add)).get(30, TimeUnit.SECONDS);
            assertThat(s.output()).contains("idbench: The embedded PostgreSQL (pid " + postmaster.pid()
                    + ") has died; the service stops (exit 4) rather than fail every request");
        } finally {
            s.serve().destroyForcibly();
        }
    }

    @Test
    void whenItsEngineDiesItStopsAndTakesPostgresqlWithIt() throws Exception {
        Started s = start("--search=opensearch", "--search-provider=embedded");
        try {
            ProcessHandle engine = s.engine().get(0);
            engine.destroyForcibly();
            assertThat(s.serve().waitFor(60, TimeUnit.SECONDS)).as("serve exits").isTrue();
            assertThat(s.serve().exitValue()).isEqualTo(DeathWatch.SERVER_DIED);
            CompletableFuture.runAsync(() -> s.lines().lines().forEach(s.output()::add)).get(30, TimeUnit.SECONDS);
            assertThat(s.output()).anyMatch(l -> l.startsWith("idbench: The embedded OpenSearch (pid " + engine.pid() + ") has died"));
            assertThat(s.output()).contains("Stopped.");
            assertThat(Postmasters.runningOn(s.pgPort())).as("PostgreSQL left behind").isFalse();
        } finally {
            s.serve().destroyForcibly();
        }
    }

    /** Alive and not a zombie waiting for a parent that is gone (a zombie has no command line). */
    private static boolean running(ProcessHandle p) {
        return p.isAlive() && p.info().command().isPresent();
    }

    private record Started(Process serve, BufferedReader lines, List<String> output, String baseUrl, String pgPort,
            List<ProcessHandle> engine) {
    }

    private Started start(String... searchOptions) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), Idbench.class.getName(),
                "serve", "--port=0", "--token=" + TOKEN, "--db-provider=embedded", "--pg-data-dir=none"));
        command.addAll(List.of(searchOptions));
        Process serve = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new CopyOnWriteArrayList<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        try {
            String[] found = CompletableFuture.supplyAsync(() -> readUntilReady(lines, output)).get(180, TimeUnit.SECONDS);
            return new Started(serve, lines, output, found[0], found[1], enginesProcesses(output));
        } catch (Exception | AssertionError e) {
            serve.destroyForcibly();
            throw e;
        }
    }

    /** Runs serve until ready, checks it answers, stops it with SIGTERM, checks nothing is left. */
    private List<String> run(String... searchOptions) throws Exception {
        Started s = start(searchOptions);
        Process serve = s.serve();
        List<String> output = s.output();
        BufferedReader lines = s.lines();
        try {
            String pgPort = s.pgPort();
            assertThat(Postmasters.runningOn(pgPort)).as("embedded PostgreSQL process").isTrue();
            assertThat(output).anyMatch(l -> l.startsWith("PostgreSQL: embedded PostgreSQL 17.") && l.contains("(chosen explicitly;"));
            List<ProcessHandle> engine = s.engine();
            assertThat(engine).allMatch(ProcessHandle::isAlive);

            HttpResponse<String> config = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(s.baseUrl() + "/ServiceProviderConfig")).header("Authorization", "Bearer " + TOKEN).build(),
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
