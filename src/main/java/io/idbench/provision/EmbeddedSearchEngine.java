package io.idbench.provision;

import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeException;
import dev.failsafe.RetryPolicy;
import io.idbench.common.FileTrees;
import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Elasticsearch 8.19 or OpenSearch 2.19 from their minimal {@code integ-test-zip} distributions
 * on Maven Central (unpacked by the build into target/search-dist), run as a child process:
 * single node on free loopback ports, security off, a small heap, data, logs and temp files in
 * one directory under target/ that is removed on close. Both engines refuse to run as root; as
 * root they run in a user namespace that maps root to uid 1000 (Elasticsearch 8's agent attach
 * needs a mapped user, not "nobody"). Ready when {@code /_cluster/health} answers yellow.
 */
public final class EmbeddedSearchEngine implements SearchEngineProvider {
    /** Elasticsearch 8 starts a launcher JVM, then the server JVM; on a loaded 2-core machine that took 26 s. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

    private final Process process;
    private final SearchMode engine;
    private final String version;
    private final String url;
    private final Path workDir;
    private final String why;
    private final Duration startup;

    private EmbeddedSearchEngine(Process process, SearchMode engine, String version, String url, Path workDir, String why,
            Duration startup) {
        this.process = process;
        this.engine = engine;
        this.version = version;
        this.url = url;
        this.workDir = workDir;
        this.why = why;
        this.startup = startup;
    }

    public static EmbeddedSearchEngine start(ScenarioConfig config, String why) {
        boolean elastic = config.search() == SearchMode.ELASTICSEARCH;
        String version = elastic ? BuildInfo.elasticsearchVersion() : BuildInfo.opensearchVersion();
        String dist = config.search().id() + "-" + version;
        Path home = Path.of(config.searchHome() != null ? config.searchHome() : BuildInfo.searchDistDirectory()).resolve(dist);
        Path launcher = home.resolve("bin").resolve(config.search().id());
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException("No " + dist + " at " + home + ": run ./mvnw generate-resources to unpack it, "
                    + "or point --search-home at the directory holding " + dist);
        }
        int httpPort = FreePorts.take();
        int transportPort = FreePorts.take();
        Path work;
        try {
            Files.createDirectories(Path.of(config.searchWorkDir()));
            work = Files.createTempDirectory(Path.of(config.searchWorkDir()).toAbsolutePath(), config.search().id() + "-");
            Files.createDirectories(work.resolve("tmp"));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a work directory under " + config.searchWorkDir(), e);
        }
        List<String> command = new ArrayList<>();
        if (isRoot()) {
            command.addAll(List.of("unshare", "--user", "--map-user=1000", "--map-group=1000"));
        }
        command.add(launcher.toString());
        command.addAll(List.of("-Ediscovery.type=single-node", "-Enetwork.host=127.0.0.1",
                "-Ehttp.port=" + httpPort, "-Etransport.port=" + transportPort,
                "-Epath.data=" + work.resolve("data"), "-Epath.logs=" + work.resolve("logs"),
                "-Ecluster.routing.allocation.disk.threshold_enabled=false"));
        if (config.searchSnapshotDir() != null) {
            // Snapshots of seeded datasets' indexes outlive the engine's throw-away data directory.
            try {
                Files.createDirectories(config.searchSnapshotDir());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot create " + config.searchSnapshotDir(), e);
            }
            command.add("-Epath.repo=" + config.searchSnapshotDir());
        }
        if (elastic) {
            command.add("-Expack.security.enabled=false");
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve("console.log").toFile());
        Map<String, String> env = pb.environment();
        String javaHome = System.getProperty("java.home");
        String prefix = elastic ? "ES_" : "OPENSEARCH_";
        env.put(prefix + "JAVA_HOME", javaHome);
        env.put(prefix + "JAVA_OPTS", "-Xms" + config.searchHeap() + " -Xmx" + config.searchHeap());
        env.put(prefix + "TMPDIR", work.resolve("tmp").toString());
        env.remove("JAVA_TOOL_OPTIONS");
        long t0 = System.nanoTime();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + launcher + ": " + e.getMessage(), e);
        }
        String url = "http://127.0.0.1:" + httpPort;
        EmbeddedSearchEngine started = new EmbeddedSearchEngine(p, config.search(), version, url, work, why, null);
        try {
            awaitReady(p, url, work);
        } catch (RuntimeException e) {
            started.stop(false);
            throw e;
        }
        return new EmbeddedSearchEngine(p, config.search(), version, url, work, why,
                Duration.ofNanos(System.nanoTime() - t0));
    }

    private static void awaitReady(Process p, String url, Path work) {
        RetryPolicy<Boolean> untilHealthy = RetryPolicy.<Boolean>builder()
                .handleResult(false).handle(IOException.class)
                .abortIf(r -> !p.isAlive())
                .abortOn(e -> !p.isAlive())
                .withDelay(POLL_INTERVAL).withMaxDuration(STARTUP_TIMEOUT).withMaxRetries(-1)
                .build();
        boolean healthy;
        try {
            healthy = Failsafe.with(untilHealthy).get(() -> healthy(url));
        } catch (FailsafeException e) {
            healthy = false;
        }
        if (!healthy) {
            throw new IllegalStateException(
                    (p.isAlive() ? "The search engine did not become healthy within " + STARTUP_TIMEOUT.toSeconds() + " s"
                            : "The search engine exited with status " + p.exitValue()) + "; last lines of " + work.resolve("console.log")
                            + ":\n" + FileTrees.tail(work.resolve("console.log"), 20));
        }
    }

    private static boolean healthy(String url) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url + "/_cluster/health?wait_for_status=yellow&timeout=1s")
                .toURL().openConnection();
        c.setConnectTimeout(1000);
        c.setReadTimeout(5000);
        try {
            return c.getResponseCode() == 200;
        } finally {
            c.disconnect();
        }
    }

    static boolean isRoot() {
        return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    }

    @Override
    public String url() { return url; }

    @Override
    public SearchMode engine() { return engine; }

    /** Time from process start to a healthy cluster. */
    public Duration startup() { return startup; }

    @Override
    public Provider provider() {
        return Provider.EMBEDDED;
    }

    @Override
    public String description() {
        return "Search engine: embedded " + engine.productName() + " " + version
                + " at " + url + ", ready in " + String.format("%.1f s", startup.toMillis() / 1000.0)
                + " (" + why + "; pid " + process.pid() + ")";
    }

    /** The engine's JVM, a child of this one. */
    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        stop(true);
    }

    /** Stops the engine and every process it started, then removes its directory (kept when startup failed). */
    private void stop(boolean removeWorkDir) {
        ChildServers.stop(process, STOP_TIMEOUT, removeWorkDir ? workDir : null);
    }
}
