package io.idbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
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

/** The resource sampler reads real processes: this JVM's memory, descriptors and threads, and a real PostgreSQL's clients. */
@StartsServers
class ResourceSamplerTest {

    private static long backendPid(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Map<String, Long> parse(String row) {
        String[] names = ResourceSampler.header().strip().split(",");
        String[] values = row.strip().split(",");
        assertThat(values).hasSameSizeAs(names);
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            out.put(names[i], Long.parseLong(values[i]));
        }
        return out;
    }

    @Test
    void countsThisJvmAndPostgresqlsClientBackends() throws SQLException {
        EmbeddedPostgresProvider pg = TestDatabase.provider();
        try (Connection a = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
                Connection b = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password())) {
            long backend = backendPid(a);
            ProcessHandle postmaster = ProcessHandle.of(backend).flatMap(ProcessHandle::parent).orElseThrow();
            List<Long> postgres = new ArrayList<>(List.of(postmaster.pid()));
            postmaster.children().forEach(p -> postgres.add(p.pid()));
            assertThat(ResourceSampler.isClientBackend(Path.of("/proc", Long.toString(backend)))).isTrue();
            assertThat(ResourceSampler.isClientBackend(Path.of("/proc", Long.toString(postmaster.pid())))).isFalse();

            Map<String, Long> row = parse(ResourceSampler.row(42, Map.of("service", List.of(ProcessHandle.current().pid()),
                    "postgresql", postgres)));
            assertThat(row.get("timeMs")).isEqualTo(42);
            assertThat(row.get("servicePssKb")).isGreaterThan(10_000);
            assertThat(row.get("serviceFds")).isGreaterThan(3);
            assertThat(row.get("serviceThreads")).isGreaterThan(5);
            assertThat(row.get("postgresqlPssKb")).isGreaterThan(1_000);
            assertThat(row.get("postgresqlConnections")).isGreaterThanOrEqualTo(2).isLessThan(postgres.size());
            assertThat(row.get("enginePssKb")).isZero();
        }
    }

    @Test
    void aProcessThatEndedCountsNothing() {
        Map<String, Long> row = parse(ResourceSampler.row(1, Map.of("service", List.of(Long.MAX_VALUE))));
        assertThat(row.get("servicePssKb")).isZero();
        assertThat(row.get("serviceFds")).isZero();
    }
}
