package io.idbench.provision;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.idbench.config.ScenarioConfig;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * PostgreSQL in a container ({@code postgres:17} by default, or any image compatible with it),
 * published on a free loopback port only, with the server settings of the embedded provider
 * ({@link PostgresServerSettings}: durable commits, pg_stat_statements preloaded…).
 */
public final class TestcontainersPostgresProvider implements PostgresProvider, ContainerServer {
    public static final String DATABASE = EmbeddedPostgresProvider.DATABASE;
    private static final int PORT = 5432;

    private final PostgreSQLContainer container;
    private final String why;

    private TestcontainersPostgresProvider(PostgreSQLContainer container, String why) {
        this.container = container;
        this.why = why;
    }

    public static TestcontainersPostgresProvider start(ScenarioConfig config, String why) {
        DockerImageName image = DockerImageName.parse(config.pgImage()).asCompatibleSubstituteFor("postgres");
        PostgreSQLContainer c = new PostgreSQLContainer(image)
                .withDatabaseName(DATABASE).withUsername("idbench").withPassword("idbench")
                .withCommand(PostgresServerSettings.commandLine(config).toArray(String[]::new))
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.getHostConfig().withPortBindings(new PortBinding(Ports.Binding.bindIp("127.0.0.1"), ExposedPort.tcp(PORT)));
                    if (config.pgMemoryBytes() > 0) {
                        // pg.memory: the container's cgroup charges the page cache of its files to it too.
                        cmd.getHostConfig().withMemory(config.pgMemoryBytes()).withMemorySwap(config.pgMemoryBytes());
                    }
                });
        try {
            c.start();
        } catch (RuntimeException e) {
            c.stop();
            throw new IllegalStateException("Cannot start PostgreSQL container " + config.pgImage() + ": " + e.getMessage(), e);
        }
        return new TestcontainersPostgresProvider(c, why);
    }

    @Override
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + container.getMappedPort(PORT) + "/" + DATABASE;
    }

    @Override
    public boolean ownsServer() {
        return true;
    }

    @Override
    public String user() { return container.getUsername(); }

    @Override
    public String password() { return container.getPassword(); }

    @Override
    public String description() {
        return "PostgreSQL: testcontainers " + container.getDockerImageName() + " on 127.0.0.1:"
                + container.getMappedPort(PORT) + " (" + why + ")";
    }

    @Override
    public GenericContainer<?> container() {
        return container;
    }
}
