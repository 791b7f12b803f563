package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.idbench.common.Json;
import io.idbench.config.ByteSize;
import io.idbench.config.ConfigException;
import io.idbench.config.PasswordHash;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.record.SeedRecord;
import io.idbench.seed.DatasetStore.Kept;
import io.idbench.service.PasswordHasher;
import io.idbench.support.StartsServers;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The kept datasets as a store, on a PostgreSQL of its own (a budget removes whatever else a server keeps): listed with
 * size and last use, the least recently used first; removed by age or to a budget, never while a run uses them; and a
 * seed kept within a budget, or refused when the dataset alone would not fit.
 */
@StartsServers
class DatasetStoreTest {
    private static final List<String> POOL = PasswordHasher.of(PasswordHash.SSHA256, 4).seedPool(IdentityGenerator.PASSWORD_POOL,
            IdentityGenerator::password);
    private static EmbeddedPostgresProvider pg;
    private final List<String> log = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        pg = EmbeddedPostgresProvider.start(ScenarioConfig.builder().withPgSharedBuffers("128MB")
                .withPgDataDir(ScenarioConfig.NO_PG_DATA_DIR).build(), "the dataset store's test");
    }

    @AfterAll
    static void stop() {
        pg.close();
    }

    private static Database run() {
        return new Database(pg.jdbcUrl(), pg.user(), pg.password());
    }

    private static Connection admin() throws SQLException {
        return run().sibling("postgres").connect();
    }

    private static Dataset dataset(long users) {
        return Dataset.of(Storage.JSONB, users, false, "ssha256");
    }

    private Seeder seeder() {
        return new Seeder(new IdentityGenerator(Json.mapper()), POOL, SeedProgress.NONE, log::add);
    }

    @BeforeEach
    void empty() throws SQLException {
        try (Connection c = admin(); Statement s = c.createStatement()) {
            for (Kept k : new DatasetStore(c, false).list()) {
                s.execute("DROP DATABASE " + k.name() + " WITH (FORCE)");
            }
            s.execute("DELETE FROM " + DatasetStore.USE_TABLE);
        }
    }

    @Test
    void listsEachDatasetWithItsSizeTheLeastRecentlyUsedFirst() throws Exception {
        seeder().prepare(run(), dataset(20), false, true);
        seeder().prepare(run(), dataset(30), false, true);
        try (Connection c = admin()) {
            DatasetStore store = new DatasetStore(c, false);
            List<Kept> kept = store.list();
            assertThat(kept).extracting(Kept::name).containsExactly(dataset(20).templateName(), dataset(30).templateName());
            assertThat(kept).allSatisfy(k -> {
                assertThat(k.bytes()).isGreaterThan(1 << 20);
                assertThat(k.loaded().storage()).isEqualTo("jsonb");
                assertThat(k.inUse()).isFalse();
            });
            assertThat(kept.get(0).loaded().users()).isEqualTo(20);

            seeder().prepare(run(), dataset(20), false, true); // reused: now the most recently used
            assertThat(store.list()).extracting(Kept::name).containsExactly(dataset(30).templateName(), dataset(20).templateName());
            assertThat(log).anyMatch(l -> l.startsWith("Reusing dataset jsonb, 20 identities"));
        }
    }

    @Test
    void aDatasetARunUsesIsNeverRemoved() throws Exception {
        seeder().prepare(run(), dataset(20), false, true);
        String name = dataset(20).templateName();
        try (Connection c = admin(); Connection aRun = admin()) {
            DatasetStore.lock(aRun, name); // as a run holds it while it looks for it and clones it
            DatasetStore store = new DatasetStore(c, false);
            Kept k = store.list().get(0);
            assertThat(k.inUse()).isTrue();
            assertThat(store.toRemove(Duration.ZERO, Instant.now(), ScenarioConfig.NO_DATASETS_BUDGET, 0, null)).isEmpty();
            assertThat(store.remove(k)).isFalse();
            aRun.close(); // the server ends the session, and frees its lock, a moment after the client has closed it
            await().atMost(Duration.ofSeconds(10)).until(() -> store.remove(k));
            assertThat(store.list()).isEmpty();
        }
    }

    @Test
    void theCloneALiveRunServesIsInUse() throws Exception {
        seeder().prepare(run(), dataset(20), false, true);
        try (Connection c = admin()) {
            assertThat(new DatasetStore(c, true).list()).extracting(Kept::inUse).containsExactly(true);
            assertThat(new DatasetStore(c, false).list()).as("a server started to manage the store serves no run")
                    .extracting(Kept::inUse).containsExactly(false);
        }
    }

    @Test
    void removesByAgeThenTheLeastRecentlyUsedToABudget() throws Exception {
        seeder().prepare(run(), dataset(20), false, true);
        seeder().prepare(run(), dataset(30), false, true);
        seeder().prepare(run(), dataset(40), false, true);
        try (Connection c = admin()) {
            DatasetStore store = new DatasetStore(c, false);
            List<Kept> kept = store.list();
            long all = store.bytes();
            Instant now = Instant.now();
            assertThat(store.toRemove(Duration.ofDays(1), now, ScenarioConfig.NO_DATASETS_BUDGET, 0, null)).isEmpty();
            assertThat(store.toRemove(Duration.ZERO, now, ScenarioConfig.NO_DATASETS_BUDGET, 0, null)).hasSize(3);
            // One byte too many for the three: the least recently used goes, and only it.
            assertThat(store.toRemove(null, now, all - 1, 0, null)).containsExactly(kept.get(0));
            assertThat(store.toRemove(null, now, all - 1, 0, kept.get(0).name())).as("kept: the dataset being seeded")
                    .containsExactly(kept.get(1));
            assertThat(store.toRemove(null, now, all, 0, null)).isEmpty();
            assertThat(store.removeAll(store.toRemove(null, now, all - kept.get(0).bytes() - 1, 0, null), log::add))
                    .isEqualTo(kept.get(0).bytes() + kept.get(1).bytes());
            assertThat(store.list()).containsExactly(kept.get(2));
            assertThat(log).contains("Removed dataset " + kept.get(0).describe());
        }
    }

    @Test
    void aSeedKeepsTheStoreWithinItsBudget() throws Exception {
        seeder().prepare(run(), dataset(20), false, true);
        try (Connection c = admin()) {
            DatasetStore store = new DatasetStore(c, false);
            long first = store.bytes();
            long expected = store.expectedBytes(dataset(30));
            assertThat(expected).as("an empty database and the storage's measured bytes per identity (20 are too few to tell)")
                    .isEqualTo(DatasetStore.EMPTY_DATABASE_BYTES + 30 * Storage.JSONB.bytesPerIdentity());
            seeder().withBudget(expected + first / 2).prepare(run(), dataset(30), false, true);
            assertThat(store.list()).extracting(Kept::name).containsExactly(dataset(30).templateName());
            assertThat(log).anyMatch(l -> l.startsWith("Making room for about " + ByteSize.format(expected)))
                    .anyMatch(l -> l.startsWith("Removed dataset " + dataset(20).templateName() + " (" + ByteSize.format(first)));
        }
    }

    @Test
    void theRunsCopyIsListedAndRemovableWhenNoRunUsesIt() throws Exception {
        seeder().prepare(run(), dataset(20), false, true);
        try (Connection c = admin()) {
            List<DatasetStore.Copy> copies = new DatasetStore(c, false).copies();
            assertThat(copies).singleElement().satisfies(k -> {
                assertThat(k.name()).isEqualTo(EmbeddedPostgresProvider.DATABASE);
                assertThat(k.dataset()).isEqualTo(dataset(20).templateName());
                assertThat(k.bytes()).isEqualTo(Seeder.databaseBytes(c, EmbeddedPostgresProvider.DATABASE));
                assertThat(k.inUse()).isFalse();
            });
            assertThat(new DatasetStore(c, true).copies()).as("a live run's server serves it").singleElement()
                    .satisfies(k -> assertThat(k.inUse()).isTrue());
            assertThatThrownBy(() -> new DatasetStore(c, true).remove(new DatasetStore(c, true).copies().get(0)))
                    .hasMessage("idbench is in use by a run");
            new DatasetStore(c, false).remove(copies.get(0));
            assertThat(new DatasetStore(c, false).copies()).isEmpty();
            assertThat(new DatasetStore(c, false).list()).extracting(Kept::name).containsExactly(dataset(20).templateName());
        }
    }

    @Test
    void aNewDatasetsSizeComesFromTheLargestKeptOneBeyondItsEmptyDatabase() {
        long empty = DatasetStore.EMPTY_DATABASE_BYTES;
        Kept small = kept(Storage.JSONB, 1_000, 10_276_044); // measured: 1k takes 9.8 MiB, mostly its empty database
        Kept large = kept(Storage.JSONB, 1_000_000, empty + 1_950_000_000L);
        Kept relational = kept(Storage.RELATIONAL, 1_000_000, empty + 9_000_000_000L);
        Dataset tenMillion = Dataset.of(Storage.JSONB, 10_000_000, false, "ssha256");
        assertThat(DatasetStore.expectedBytes(List.of(small, large, relational), tenMillion)).isEqualTo(empty + 19_500_000_000L);
        assertThat(DatasetStore.expectedBytes(List.of(small, relational), tenMillion)).as("1k is too few: the measured figure")
                .isEqualTo(empty + 10_000_000 * Storage.JSONB.bytesPerIdentity());
    }

    private static Kept kept(Storage storage, long users, long bytes) {
        SeedRecord loaded = new SeedRecord("d", storage.id(), users, false, 1, "ssha256", SeedRecord.LOADED, "2026-11-28T00:00:00Z",
                null, 1, 1, bytes, null, null);
        return new Kept("idbset_" + users, loaded, bytes, Instant.parse(loaded.at()), false);
    }

    @Test
    void aDatasetLargerThanTheBudgetIsRefusedAndNothingChanges() throws Exception {
        seeder().prepare(run(), dataset(20), false, true);
        Seeder small = seeder().withBudget(1 << 20);
        assertThatThrownBy(() -> small.prepare(run(), dataset(30), false, true)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("dataset jsonb, 30 identities, dyn=false needs about ")
                .hasMessageEndingWith(" on disk, more than the datasets' budget of 1.0 MiB (datasets.maxBytes)");
        try (Connection c = admin()) {
            assertThat(new DatasetStore(c, false).list()).extracting(Kept::name).containsExactly(dataset(20).templateName());
        }
    }
}
