package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.idbench.common.Json;
import io.idbench.config.PasswordHash;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.record.SeedRecord;
import io.idbench.service.PasswordHasher;
import io.idbench.support.StartsServers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeding on a full disk, on a filesystem of 160 MiB the test mounts itself (a tmpfs; mounting needs root, which CI has):
 * a seed that would not fit is refused before it starts, in one line naming the path, the need and what is free, and
 * changes nothing; a disk that fills half-way through a seed leaves no dataset marked complete, and once there is room
 * again the next seed removes the half-made one and loads it whole.
 */
@StartsServers
class FullDiskTest {
    private static final List<String> POOL = PasswordHasher.of(PasswordHash.SSHA256, 4).seedPool(IdentityGenerator.PASSWORD_POOL,
            IdentityGenerator::password);

    @TempDir
    Path tmp;

    private Path disk;
    private EmbeddedPostgresProvider pg;
    private final List<String> log = new CopyOnWriteArrayList<>();

    @BeforeEach
    void mountASmallDisk() throws Exception {
        disk = tmp.resolve("disk");
        Files.createDirectories(disk);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=160m", "idbench-full-disk-test", disk.toString())
                .redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assumeTrue(mount.waitFor() == 0, "mounting a tmpfs needs root: " + said);
        pg = start();
    }

    @AfterEach
    void unmount() throws Exception {
        if (pg != null) {
            pg.close();
        }
        if (disk != null) {
            new ProcessBuilder("umount", disk.toString()).inheritIO().start().waitFor();
        }
    }

    private EmbeddedPostgresProvider start() {
        return EmbeddedPostgresProvider.start(ScenarioConfig.builder().withPgSharedBuffers("16MB")
                .withPgDataDir(disk.resolve("pg").toString()).build(), "the full-disk test");
    }

    private Database run() {
        return new Database(pg.jdbcUrl(), pg.user(), pg.password());
    }

    private Seeder seeder(SeedProgress progress) {
        return new Seeder(new IdentityGenerator(Json.mapper()), POOL, progress, log::add);
    }

    private static Dataset dataset(long users) {
        return Dataset.of(Storage.JSONB, users, false, "ssha256");
    }

    private List<String> databases() throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = run().sibling("postgres").connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT datname FROM pg_database WHERE starts_with(datname, '" + Dataset.COMPLETE_PREFIX
                        + "') OR starts_with(datname, '" + Dataset.LOADING_PREFIX + "') ORDER BY 1")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    @Test
    void aSeedThatWouldNotFitIsRefusedBeforeItStarts() throws Exception {
        long free = Files.getFileStore(disk).getUsableSpace();
        assertThatThrownBy(() -> seeder(SeedProgress.NONE).prepare(run(), dataset(100_000), false, true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageMatching("Not enough disk space to seed dataset jsonb, 100,000 identities, dyn=false: it needs about 596 MiB in "
                        + "\\Q" + disk.resolve("pg")
                        + "\\E \\(the dataset, the run's copy of it and the write-ahead log of its load\\), and [0-9.]+ MiB is"
                        + " free");
        assertThat(databases()).as("nothing created").isEmpty();
        assertThat(Files.getFileStore(disk).getUsableSpace()).isGreaterThan(free - (8 << 20));
    }

    @Test
    void aDiskThatFillsHalfWayLeavesNoCompleteDatasetAndTheNextSeedStartsOver() throws Exception {
        Path filler = tmp.resolve("disk/filler");
        SeedProgress fillsTheDisk = new SeedProgress() {
            @Override
            public void start(String phase, long total, String unit) {
                if (phase.equals("generate + COPY")) {
                    fill(filler);
                }
            }

            @Override
            public void step(long done) {
            }

            @Override
            public void end() {
            }
        };
        assertThatThrownBy(() -> seeder(fillsTheDisk).prepare(run(), dataset(5_000), false, true))
                .as("what the user sees, in one line")
                // PostgreSQL says "extend" when a relation grows by allocation, "write blocks" when it writes the new blocks out.
                .hasMessageMatching("COPY \\w+ failed: ERROR: could not (extend file|write blocks \\d+\\.\\.\\d+ in file)"
                        + " \"[^\"]+\": No space left on device");
        Files.delete(filler);
        if (!answers()) {
            pg.close();
            pg = start(); // PostgreSQL stops when it cannot write its log: the next run starts it again
        }
        assertThat(databases()).as("no dataset marked complete").noneMatch(d -> d.startsWith(Dataset.COMPLETE_PREFIX));

        SeedRecord again = seeder(SeedProgress.NONE).prepare(run(), dataset(5_000), false, true).orElseThrow();
        assertThat(again.action()).isEqualTo(SeedRecord.LOADED);
        assertThat(databases()).contains(dataset(5_000).templateName()).noneMatch(d -> d.startsWith(Dataset.LOADING_PREFIX));
    }

    private boolean answers() {
        try (Connection c = run().sibling("postgres").connect()) {
            return c.isValid(5);
        } catch (java.sql.SQLException e) {
            return false;
        }
    }

    /** Writes {@code file} until the disk is full. */
    private static void fill(Path file) {
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // full, as wanted
        }
    }
}
