package io.idbench.targets.ldap;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.common.ProcessLock;
import io.idbench.support.StartsServers;
import io.idbench.support.TestSlapd;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kept directories as slapadd leaves them: listed, found stale, removed by age and budget, never while a run holds one. */
@StartsServers
class KeptDirectoriesTest {
    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

    @TempDir
    Path dir;

    @BeforeAll
    static void slapd() throws Exception {
        TestSlapd.installIfMissing();
    }

    private SlapdDataset dataset() {
        return new SlapdDataset(dir.resolve("kept"), IdentityLdifTest.POOL);
    }

    private void load(long users) throws Exception {
        dataset().provide(users, false, dir.resolve("run-" + users), new PrintWriter(new StringWriter(), true));
    }

    @Test
    void aDatasetOfAnotherConfigurationIsListedAsSuchAndAlwaysPruned() throws Exception {
        load(50);
        load(80);
        Path kept = dir.resolve("kept");
        String stale = "openldap_50_g1_00000000";
        Files.createDirectories(kept.resolve(stale));
        for (String file : List.of(SlapdDataset.DATA_FILE, SlapdDataset.SEED_FILE)) { // MDB's file is sparse: cp keeps it so
            SlapdDataset.copySparse(kept.resolve(SlapdDataset.name(50)).resolve(file), kept.resolve(stale).resolve(file));
        }
        KeptDirectories directories = new KeptDirectories(kept);

        List<KeptDirectories.Kept> list = directories.list();
        assertThat(list).extracting(KeptDirectories.Kept::name)
                .containsExactlyInAnyOrder(SlapdDataset.name(50), SlapdDataset.name(80), stale);
        assertThat(list).allSatisfy(k -> assertThat(k.bytes()).as("on disk, not the sparse map").isPositive()
                .isLessThan(SlapdConfig.MAX_SIZE / 1000));
        assertThat(list).filteredOn(k -> !k.current()).extracting(KeptDirectories.Kept::name).containsExactly(stale);
        assertThat(list).filteredOn(k -> k.name().equals(SlapdDataset.name(80))).singleElement()
                .satisfies(k -> assertThat(k.users()).isEqualTo(80));

        assertThat(KeptDirectories.toRemove(list, null, NOW, -1)).extracting(KeptDirectories.Kept::name).containsExactly(stale);
    }

    @Test
    void ageAndBudgetGoByLastUseWhichAReuseMovesOn() throws Exception {
        load(50);
        load(80);
        Path kept = dir.resolve("kept");
        Files.setLastModifiedTime(kept.resolve(SlapdDataset.name(50)).resolve(SlapdDataset.SEED_FILE),
                FileTime.from(Instant.now().minus(Duration.ofDays(40))));
        Files.setLastModifiedTime(kept.resolve(SlapdDataset.name(80)).resolve(SlapdDataset.SEED_FILE),
                FileTime.from(Instant.now().minus(Duration.ofDays(10))));
        KeptDirectories directories = new KeptDirectories(kept);
        List<KeptDirectories.Kept> list = directories.list();
        assertThat(list).extracting(KeptDirectories.Kept::users).as("least recently used first").containsExactly(50L, 80L);
        assertThat(KeptDirectories.toRemove(list, Duration.ofDays(30), Instant.now(), -1)).extracting(KeptDirectories.Kept::users)
                .containsExactly(50L);
        long all = list.stream().mapToLong(KeptDirectories.Kept::bytes).sum();
        assertThat(KeptDirectories.toRemove(list, null, Instant.now(), all - 1)).extracting(KeptDirectories.Kept::users)
                .containsExactly(50L);
        assertThat(KeptDirectories.toRemove(list, null, Instant.now(), all)).isEmpty();

        load(50); // reused: used now
        assertThat(directories.list()).extracting(KeptDirectories.Kept::users).containsExactly(80L, 50L);
        assertThat(directories.list().get(1).lastUsed()).isAfter(Instant.now().minusSeconds(60));
    }

    @Test
    void aDatasetHeldByARunStaysAndAnInterruptedLoadGoes() throws Exception {
        load(50);
        Path kept = dir.resolve("kept");
        Path interrupted = Files.createDirectories(kept.resolve(SlapdDataset.name(80) + ".loading-4242/data"));
        Files.write(interrupted.resolve(SlapdDataset.DATA_FILE), new byte[1 << 20]);
        KeptDirectories directories = new KeptDirectories(kept);
        assertThat(directories.interrupted()).containsExactly(interrupted.getParent());
        List<String> said = new ArrayList<>();
        try (ProcessLock run = ProcessLock.acquire(kept.resolve(SlapdDataset.name(50) + ".lock"), Duration.ZERO, h -> {})) {
            assertThat(directories.remove(directories.list(), said::add)).isZero();
        }
        assertThat(said).containsExactly("Kept directory dataset " + SlapdDataset.name(50) + ": a run is loading or copying it");
        assertThat(directories.list()).hasSize(1);

        said.clear();
        assertThat(directories.removeInterrupted(said::add)).isGreaterThanOrEqualTo(1 << 20);
        assertThat(said).singleElement().asString().startsWith("Removed an interrupted load: " + SlapdDataset.name(80) + ".loading-4242 (");
        assertThat(interrupted.getParent()).doesNotExist();
        assertThat(directories.remove(directories.list(), said::add)).isPositive();
        assertThat(directories.list()).isEmpty();
        assertThat(said).last().asString().startsWith("Removed directory dataset " + SlapdDataset.name(50) + " (");
    }
}
