package io.idbench.provision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.idbench.config.ScenarioConfig;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One list of server settings: the embedded server runs with it, and docker-compose.yml gives the same. */
@StartsServers
class PostgresServerSettingsTest {

    @Test
    void theListIsDurableAndLoadsStatementStatistics() {
        ScenarioConfig config = ScenarioConfig.builder().withPgSharedBuffers("64MB").withDbPoolSize(150).build();
        assertThat(PostgresServerSettings.of(config)).containsEntry("fsync", "on").containsEntry("synchronous_commit", "on")
                .containsEntry("shared_preload_libraries", "pg_stat_statements").containsEntry("shared_buffers", "64MB")
                .containsEntry("max_connections", "170");
        assertThat(PostgresServerSettings.commandLine(ScenarioConfig.builder().build())).startsWith("postgres", "-c", "fsync=on")
                .contains("max_connections=100");
    }

    @Test
    void composeFileStartsPostgresWithTheProvidersSettings() throws IOException {
        JsonNode compose = new YAMLMapper().readTree(Path.of("docker-compose.yml").toFile());
        List<String> command = new ArrayList<>();
        compose.path("services").path("postgres").path("command").forEach(n -> command.add(n.asText()));
        assertThat(command).as("docker-compose.yml's postgres command: set it to the providers' settings")
                .isEqualTo(PostgresServerSettings.commandLine(ScenarioConfig.builder().build()));
    }

    @Test
    void embeddedServerRunsWithEverySetting() throws SQLException {
        EmbeddedPostgresProvider pg = TestDatabase.provider();
        assertRunsWith(pg, PostgresServerSettings.of(TestDatabase.CONFIG));
    }

    /** SHOW of every setting answers its value on the server {@code pg} runs. */
    static void assertRunsWith(PostgresProvider pg, Map<String, String> settings) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password()); Statement s = c.createStatement()) {
            for (Map.Entry<String, String> setting : settings.entrySet()) {
                try (ResultSet rs = s.executeQuery("SHOW " + setting.getKey())) {
                    rs.next();
                    assertThat(rs.getString(1)).as(setting.getKey()).isEqualTo(setting.getValue());
                }
            }
            s.execute("CREATE EXTENSION IF NOT EXISTS " + PostgresServerSettings.PRELOAD);
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_statements")) {
                assertThat(rs.next()).as("pg_stat_statements answers").isTrue();
            }
        }
    }
}
