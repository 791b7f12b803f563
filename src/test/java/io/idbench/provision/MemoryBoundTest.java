package io.idbench.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.idbench.config.ConfigException;
import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.support.StartsServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * pg.memory on a real PostgreSQL in a real memory cgroup (root, as CI runs): a table twice the bound is written and read
 * back, and the group's peak, measured, stays within the bound while the kernel reclaims at it; the group is gone after.
 */
@StartsServers
class MemoryBoundTest {
    private static final long BOUND = 300L << 20;

    /** CI runs as root on Linux with one; a developer's machine may have none. */
    private static void assumeMemoryCgroup() throws Exception {
        assumeTrue(Files.isRegularFile(MemoryBound.V1.resolve("memory.limit_in_bytes"))
                || Files.readString(MemoryBound.V2.resolve("cgroup.controllers")).contains("memory"), "a memory cgroup");
    }

    @Test
    void aServerInTheGroupCachesNoMoreThanItsBound() throws Exception {
        assumeMemoryCgroup();
        Path group;
        try (EmbeddedPostgresProvider pg = EmbeddedPostgresProvider.start(ScenarioConfig.builder().withPgSharedBuffers("16MB")
                .withPgDataDir(ScenarioConfig.NO_PG_DATA_DIR).build(), "the memory bound's test");
                MemoryBound bound = MemoryBound.create("pg.memory", "test", BOUND);
                Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password()); Statement s = c.createStatement()) {
            long postmaster;
            try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                postmaster = ProcessHandle.of(rs.getLong(1)).flatMap(ProcessHandle::parent).orElseThrow().pid();
            }
            bound.add(postmaster);
            group = bound.dir();
            assertThat(Files.readAllLines(group.resolve("cgroup.procs"))).contains(Long.toString(postmaster));
            bound.resetPeak();
            try (Connection backend = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
                    Statement w = backend.createStatement()) {
                w.execute("CREATE TABLE wide AS SELECT g, repeat(md5(g::text), 30) AS pad FROM generate_series(1, 700000) g");
                try (ResultSet rs = w.executeQuery("SELECT pg_table_size('wide'), count(*) FROM wide")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("the table: twice the bound").isGreaterThan(2 * BOUND);
                    assertThat(rs.getLong(2)).isEqualTo(700_000);
                }
            }
            MemoryBound.Usage u = bound.usage();
            assertThat(u.boundBytes()).isEqualTo(BOUND);
            assertThat(u.peakBytes()).as("measured").isPositive()
                    .isLessThanOrEqualTo(BOUND + MemoryBound.CHARGE_BATCH_BYTES * Runtime.getRuntime().availableProcessors());
            assertThat(u.held()).isTrue();
            assertThat(u.pageCacheBytes()).isPositive().isLessThanOrEqualTo(BOUND);
            assertThat(u.sharedMemoryBytes()).as("shared_buffers, as far as touched").isPositive().isLessThanOrEqualTo(16L << 20);
            assertThat(u.pageCacheBytes() + u.sharedMemoryBytes()).isLessThanOrEqualTo(BOUND);
            assertThat(u.limitHits()).as("the kernel reclaimed at the bound").isPositive();
        }
        assertThat(group).doesNotExist();
    }

    @Test
    void anEngineStartsInsideItsGroupSoItsHeapIsChargedToo() throws Exception {
        assumeMemoryCgroup();
        Path group;
        try (EmbeddedSearchEngine engine = EmbeddedSearchEngine.start(ScenarioConfig.builder().withSearch(SearchMode.parse("opensearch"))
                .withSearchProvider(Provider.parse("search provider", "embedded")).withSearchMemory("1536MB").build(),
                "the engine's memory bound test")) {
            MemoryBound bound = engine.memoryBound().orElseThrow();
            group = bound.dir();
            long node = engine.pid();
            assertThat(Files.readAllLines(group.resolve("cgroup.procs"))).contains(Long.toString(node));
            assertThat(Files.readString(Path.of("/proc/" + node + "/cgroup"))).as("the node's own view").contains(group.getFileName()
                    .toString());
            MemoryBound.Usage u = bound.usage();
            assertThat(u.boundBytes()).isEqualTo(1536L << 20);
            // Moved in after it started, a JVM's memory stays charged where it was touched: started inside, it is the group's.
            assertThat(u.peakBytes()).as("the node's JVM, charged from its start").isGreaterThan(256L << 20);
            assertThat(u.held()).isTrue();
        }
        assertThat(group).as("removed with the engine").doesNotExist();
    }

    @Test
    void aBoundWithNoRoomBesideSharedBuffersIsRefused() {
        assertThatThrownBy(() -> ScenarioConfig.builder().withPgSharedBuffers("512MB").withPgMemory("600MB").build())
                .isInstanceOf(ConfigException.class)
                .hasMessage("pg.memory=600MB leaves no room beside shared_buffers=512MB: give at least 768 MiB (none: no bound)");
        assertThatThrownBy(() -> ScenarioConfig.builder().withPgMemory("lots").build())
                .hasMessage("pg.memory must be a size such as 500MB, 20GB or a number of bytes, was 'lots'");
        assertThatThrownBy(() -> ScenarioConfig.builder().withPgMemory("2GB").withDbUrl("jdbc:postgresql://127.0.0.1:5432/x").build())
                .hasMessage("pg.memory bounds a PostgreSQL idbench starts, not the external one at jdbc:postgresql://127.0.0.1:5432/x;"
                        + " bound that server's memory where it runs");
        assertThat(ScenarioConfig.builder().withPgMemory("none").build().pgMemoryBytes()).isZero();
        assertThat(ScenarioConfig.builder().withPgMemory("2GB").build().pgMemoryBytes()).isEqualTo(2L << 30);
    }
}
