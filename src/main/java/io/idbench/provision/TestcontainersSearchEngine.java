package io.idbench.provision;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * Elasticsearch ({@code docker.elastic.co/elasticsearch/elasticsearch}) or OpenSearch
 * ({@code opensearchproject/opensearch}) in a container: single node, security off, small heap,
 * published on a free loopback port, its memory limited to search.memory when set; ready when {@code /_cluster/health}
 * answers.
 */
public final class TestcontainersSearchEngine implements SearchEngineProvider, ContainerServer {
    private static final int PORT = 9200;
    /** A loaded 2-core machine has been seen to need half a minute; allow far more. */
    private static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(3);

    private final GenericContainer<?> container;
    private final SearchMode engine;
    private final String why;

    private TestcontainersSearchEngine(GenericContainer<?> container, SearchMode engine, String why) {
        this.container = container;
        this.engine = engine;
        this.why = why;
    }

    public static TestcontainersSearchEngine start(ScenarioConfig config, String why) {
        boolean elastic = config.search() == SearchMode.ELASTICSEARCH;
        String image = elastic ? config.elasticsearchImage() : config.opensearchImage();
        String heap = "-Xms" + config.searchHeap() + " -Xmx" + config.searchHeap();
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(image))
                .withEnv("discovery.type", "single-node")
                .withEnv("cluster.routing.allocation.disk.threshold_enabled", "false")
                .withEnv(elastic ? "ES_JAVA_OPTS" : "OPENSEARCH_JAVA_OPTS", heap)
                .withExposedPorts(PORT)
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.getHostConfig().withPortBindings(new PortBinding(Ports.Binding.bindIp("127.0.0.1"), ExposedPort.tcp(PORT)));
                    if (config.searchMemoryBytes() > 0) {
                        // search.memory: the container's limit bounds its heap and the page cache of its index alike.
                        cmd.getHostConfig().withMemory(config.searchMemoryBytes()).withMemorySwap(config.searchMemoryBytes());
                    }
                })
                .waitingFor(Wait.forHttp("/_cluster/health").forPort(PORT).forStatusCode(200)
                        .withStartupTimeout(STARTUP_TIMEOUT));
        if (elastic) {
            c.withEnv("xpack.security.enabled", "false");
        } else {
            c.withEnv("DISABLE_SECURITY_PLUGIN", "true").withEnv("DISABLE_INSTALL_DEMO_CONFIG", "true");
        }
        try {
            c.start();
        } catch (RuntimeException e) {
            c.stop();
            throw new IllegalStateException("Cannot start " + config.search() + " container " + image + ": " + e.getMessage(), e);
        }
        return new TestcontainersSearchEngine(c, config.search(), why);
    }

    @Override
    public String url() {
        return "http://127.0.0.1:" + container.getMappedPort(PORT);
    }

    @Override
    public SearchMode engine() { return engine; }

    @Override
    public String description() {
        return "Search engine: testcontainers " + container.getDockerImageName() + " at " + url() + " (" + why + ")";
    }

    @Override
    public GenericContainer<?> container() {
        return container;
    }
}
