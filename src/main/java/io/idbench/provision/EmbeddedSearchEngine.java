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
import java.util.Optional;

/**
 * Elasticsearch 8.19 or OpenSearch 2.19 from their minimal {@code integ-test-zip} distributions
 * on Maven Central (unpacked by the build into target/search-dist), run as child processes:
 * a single node (or a cluster of nodes, each with its own data) on free loopback ports, security
 * off, a small heap, data, logs and temp files in one directory under target/ that is removed on close. Both engines refuse to run as root; as
 * root they run in a user namespace that maps root to uid 1000 (Elasticsearch 8's agent attach
 * needs a mapped user, not "nobody"). Ready when {@code /_cluster/health} answers yellow.
 */
public final class EmbeddedSearchEngine implements SearchEngineProvider {
    /** Elasticsearch 8 starts a launcher JVM, then the server JVM: tens of seconds on a loaded 2-core machine. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

    private final List<Process> nodes;
    private final SearchMode engine;
    private final String version;
    private final List<String> urls;
    private final Path workDir;
    private final String why;
    private final Duration startup;
    private final MemoryBound bound;

    private EmbeddedSearchEngine(List<Process> nodes, SearchMode engine, String version, List<String> urls, Path workDir, String why,
            Duration startup, MemoryBound bound) {
        this.bound = bound;
        this.nodes = nodes;
        this.engine = engine;
        this.version = version;
        this.urls = urls;
        this.workDir = workDir;
        this.why = why;
        this.startup = startup;
    }

    /** One node, or with {@code config.searchNodes()} > 1 a cluster of that many on loopback, each with the search heap. */
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
        Path work;
        try {
            Files.createDirectories(Path.of(config.searchWorkDir()));
            work = Files.createTempDirectory(Path.of(config.searchWorkDir()).toAbsolutePath(), config.search().id() + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a work directory under " + config.searchWorkDir(), e);
        }
        int count = config.searchNodes();
        List<Integer> transportPorts = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            urls.add("http://127.0.0.1:" + FreePorts.take());
            transportPorts.add(FreePorts.take());
        }
        long t0 = System.nanoTime();
        List<Process> nodes = new ArrayList<>();
        // search.memory: the nodes start inside the group, so that the heap they touch first is charged to it too.
        MemoryBound bound = config.searchMemoryBytes() > 0 ? MemoryBound.create("search.memory", "engine", config.searchMemoryBytes())
                : null;
        EmbeddedSearchEngine starting = new EmbeddedSearchEngine(nodes, config.search(), version, urls, work, why, null, bound);
        try {
            for (int i = 0; i < count; i++) {
                nodes.add(startNode(config, launcher, work, i, urls.get(i), transportPorts, bound));
            }
            awaitReady(nodes, urls.get(0), count, work);
        } catch (RuntimeException e) {
            starting.stop(false);
            throw e;
        }
        return new EmbeddedSearchEngine(nodes, config.search(), version, urls, work, why, Duration.ofNanos(System.nanoTime() - t0),
                bound);
    }

    /**
     * Node i: its own data, logs and temp directories under {@code work} (the only one when alone: its files directly in
     * {@code work}), one path.repo for all (a snapshot is read by whichever node holds the shard).
     */
    private static Process startNode(ScenarioConfig config, Path launcher, Path work, int i, String url, List<Integer> transportPorts,
            MemoryBound bound) {
        boolean elastic = config.search() == SearchMode.ELASTICSEARCH;
        int count = transportPorts.size();
        Path dir = count == 1 ? work : work.resolve("node-" + (i + 1));
        List<String> command = new ArrayList<>();
        if (bound != null) {
            command.addAll(bound.enterCommand());
        }
        if (isRoot()) {
            command.addAll(List.of("unshare", "--user", "--map-user=1000", "--map-group=1000"));
        }
        command.add(launcher.toString());
        command.addAll(List.of("-Enetwork.host=127.0.0.1", "-Ehttp.port=" + URI.create(url).getPort(),
                "-Etransport.port=" + transportPorts.get(i), "-Epath.data=" + dir.resolve("data"), "-Epath.logs=" + dir.resolve("logs"),
                "-Ecluster.routing.allocation.disk.threshold_enabled=false"));
        if (count == 1) {
            command.add("-Ediscovery.type=single-node");
        } else {
            List<String> names = new ArrayList<>();
            List<String> seeds = new ArrayList<>();
            for (int n = 0; n < count; n++) {
                names.add("node-" + (n + 1));
                seeds.add("127.0.0.1:" + transportPorts.get(n));
            }
            command.addAll(List.of("-Ecluster.name=idbench-" + work.getFileName(), "-Enode.name=" + names.get(i),
                    "-Ediscovery.seed_hosts=" + String.join(",", seeds),
                    // OpenSearch 2 renamed the setting (its old name is deprecated).
                    (elastic ? "-Ecluster.initial_master_nodes=" : "-Ecluster.initial_cluster_manager_nodes=") + String.join(",", names)));
        }
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
        try {
            Files.createDirectories(dir.resolve("tmp"));
            if (count > 1) {
                // Each node its own config directory: nodes started together from one would race to create its keystore.
                FileTrees.copy(launcher.getParent().resolveSibling("config"), dir.resolve("config"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare " + dir + ": " + e.getMessage(), e);
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("console.log").toFile());
        Map<String, String> env = pb.environment();
        String prefix = elastic ? "ES_" : "OPENSEARCH_";
        env.put(prefix + "JAVA_HOME", System.getProperty("java.home"));
        env.put(prefix + "JAVA_OPTS", "-Xms" + config.searchHeap() + " -Xmx" + config.searchHeap());
        env.put(prefix + "TMPDIR", dir.resolve("tmp").toString());
        if (count > 1) {
            env.put(prefix + "PATH_CONF", dir.resolve("config").toString());
        }
        env.remove("JAVA_TOOL_OPTIONS");
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + launcher + ": " + e.getMessage(), e);
        }
    }

    private static void awaitReady(List<Process> nodes, String url, int count, Path work) {
        RetryPolicy<Boolean> untilHealthy = RetryPolicy.<Boolean>builder()
                .handleResult(false).handle(IOException.class)
                .abortIf(r -> !allAlive(nodes))
                .abortOn(e -> !allAlive(nodes))
                .withDelay(POLL_INTERVAL).withMaxDuration(STARTUP_TIMEOUT).withMaxRetries(-1)
                .build();
        boolean healthy;
        try {
            healthy = Failsafe.with(untilHealthy).get(() -> healthy(url, count));
        } catch (FailsafeException e) {
            healthy = false;
        }
        if (!healthy) {
            int i = 0;
            while (i < nodes.size() - 1 && nodes.get(i).isAlive()) {
                i++;
            }
            Path log = (count == 1 ? work : work.resolve("node-" + (i + 1))).resolve("console.log");
            Process p = nodes.get(i);
            throw new IllegalStateException((p.isAlive() ? "The search engine" + (count == 1 ? "" : "'s " + count + " nodes")
                    + " did not become healthy within " + STARTUP_TIMEOUT.toSeconds() + " s"
                    : "The search engine" + (count == 1 ? "" : "'s node " + (i + 1)) + " exited with status " + p.exitValue())
                    + "; last lines of " + log + ":\n" + FileTrees.tail(log, 20));
        }
    }

    private static boolean allAlive(List<Process> nodes) {
        return nodes.stream().allMatch(Process::isAlive);
    }

    /** Yellow, with every node joined: a cluster's replicas are then assigned as soon as an index has them. */
    private static boolean healthy(String url, int nodes) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url + "/_cluster/health?wait_for_status=yellow&wait_for_nodes=" + nodes
                + "&timeout=1s").toURL().openConnection();
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

    /** The nodes' HTTP URLs, comma-separated when a cluster (as --search-url takes them). */
    @Override
    public String url() { return String.join(",", urls); }

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
                + (urls.size() == 1 ? " at " + urls.get(0) : ", a cluster of " + urls.size() + " nodes at " + String.join(", ", urls))
                + ", ready in " + String.format("%.1f s", startup.toMillis() / 1000.0)
                + " (" + why + "; pid " + String.join(", ", pids().stream().map(String::valueOf).toList()) + ")";
    }

    /** The engine's JVM, a child of this one (a cluster's first node). */
    public long pid() {
        return nodes.get(0).pid();
    }

    /** Every node's JVM. */
    public List<Long> pids() {
        return nodes.stream().map(Process::pid).toList();
    }

    /** The nodes' memory bound (search.memory), when one was set. */
    public Optional<MemoryBound> memoryBound() {
        return Optional.ofNullable(bound);
    }

    @Override
    public void close() {
        stop(true);
    }

    /**
     * Stops every node and every process it started, then removes the directory (kept when startup failed) and the nodes'
     * memory group.
     */
    private void stop(boolean removeWorkDir) {
        for (int i = 0; i < nodes.size(); i++) {
            ChildServers.stop(nodes.get(i), STOP_TIMEOUT, removeWorkDir && i == nodes.size() - 1 ? workDir : null);
        }
        if (bound != null) {
            bound.close();
        }
    }
}
