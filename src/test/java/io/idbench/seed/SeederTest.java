package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.PasswordHash;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.provision.ConnectionPools;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.record.SeedRecord;
import io.idbench.scim.ScimException;
import io.idbench.search.IndexConsistency;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.search.elastic.SearchEngines;
import io.idbench.service.PasswordHasher;
import io.idbench.service.ScimServer;
import io.idbench.service.TokenService;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.store.ProfileGroupSetup;
import io.idbench.support.ScimClient;
import io.idbench.support.StartsServers;
import io.idbench.support.TestDatabase;
import io.idbench.support.TestSearchEngines;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Seeding one storage on a real PostgreSQL: what the COPY loader writes is exactly what the
 * service writes for the same identities (compared row by row and over SCIM), two seeds are
 * identical, a kept dataset is reused whatever a run did to its copy, an interrupted seed is
 * never taken for a complete one, and a server idbench does not own is seeded in place.
 */
@StartsServers
abstract class SeederTest {
    static final int N = 1200;
    static final String TOKEN = "seed-test-token-0123456789";
    private static final PasswordHasher HASHER = PasswordHasher.of(PasswordHash.SSHA256, 4);
    static final List<String> POOL = HASHER.seedPool(IdentityGenerator.PASSWORD_POOL, IdentityGenerator::password);

    final IdentityGenerator generator = new IdentityGenerator(Json.mapper());
    final List<String> log = new CopyOnWriteArrayList<>();

    /** The storage under test. */
    abstract Storage storage();

    /** One checksum over everything a dataset holds for users: rows, values, unique values, memberships. */
    abstract String checksumSql();

    /** The statements listing the identity rows of one user (all but timestamps), for the row-by-row comparison. */
    abstract List<String> rowsSql();

    Database run() {
        EmbeddedPostgresProvider pg = TestDatabase.provider();
        return new Database(pg.jdbcUrl(), pg.user(), pg.password()).sibling("seed_run_" + storage());
    }

    Dataset dataset(long users, boolean dyn) {
        return Dataset.of(storage(), users, dyn, "ssha256");
    }

    Seeder seeder(SeedProgress progress) {
        return new Seeder(generator, POOL, progress, log::add);
    }

    @BeforeEach
    void dropKeptDatasets() throws SQLException {
        try (Connection c = run().sibling("postgres").connect(); Statement s = c.createStatement()) {
            for (String name : strings(s, "SELECT datname FROM pg_database WHERE datname LIKE 'idb%\\_" + storage() + "\\_%'")) {
                s.execute("DROP DATABASE " + name + " WITH (FORCE)");
            }
        }
    }

    @Test
    void aSeededDatasetIsWhatTheServiceWouldHaveWritten() throws Exception {
        SeedRecord record = seeder(SeedProgress.NONE).prepare(run(), dataset(N, true), false, true).orElseThrow();
        assertThat(record.action()).isEqualTo(SeedRecord.LOADED);
        assertThat(record.phases().copy()).isPositive();
        assertThat(record.phases().indexBuild()).isPositive();
        List<Double> builds = List.copyOf(record.phases().slowestBuilds().values());
        assertThat(builds).as("the longest builds, longest first").hasSize(SeedRecord.SLOWEST_BUILDS).allMatch(b -> b >= 0)
                .isSortedAccordingTo(Comparator.reverseOrder());
        try (Connection c = run().connect(); Statement s = c.createStatement()) {
            Set<String> keysAndIndexes = new HashSet<>(strings(s, "SELECT conname FROM pg_constraint UNION SELECT relname FROM pg_class"));
            assertThat(record.phases().slowestBuilds().keySet().stream()
                    .map(b -> b.replace(DeferredKeys.ATTACHED, "").replace(DeferredKeys.VALIDATED, "").replace(DeferredKeys.vacuum(""), ""))
                    .toList()).as("each build is a key, index or table of the dataset").isSubsetOf(keysAndIndexes);
            assertThat(strings(s, "SELECT conname FROM pg_constraint WHERE NOT convalidated")).as("every foreign key validated").isEmpty();
            assertThat(strings(s, "SELECT conname FROM pg_constraint WHERE contype = 'f'")).as("the foreign keys are back").isNotEmpty();
        }
        assertThat(record.identitiesPerSecond()).isPositive();
        assertThat(log).anyMatch(l -> l.startsWith("Seeding dataset " + storage() + ", 1,200 identities, dyn=true"));

        // The twin: the same identities created one by one through the store, as the service does.
        try (HikariDataSource twinPool = TestDatabase.fresh("seed_twin_" + storage(), 4);
                IdentityStore twin = IdentityStores.open(storage(), twinPool, Json.mapper());
                HikariDataSource seededPool = ConnectionPools.create(run().jdbcUrl(), run().user(), run().password(), 4);
                IdentityStore seeded = IdentityStores.open(storage(), seededPool, Json.mapper())) {
            ProfileGroupSetup.ensure(twin, true, Json.mapper());
            Set<UUID> ids = new HashSet<>();
            for (long n = 1; n <= N; n++) {
                twin.createUser(IdentityGenerator.id(n), generator.body(n), POOL.get((int) (n % POOL.size())));
                ids.add(IdentityGenerator.id(n));
            }
            for (String group : IdentityGenerator.staticGroups()) {
                twin.changeGroupMembers(IdentityStore.namedGroupId(group), null, ids, Set.of());
            }
            Database twinDb = run().sibling("seed_twin_" + storage());
            for (String sql : rowsSql()) {
                assertThat(strings(run(), sql)).as(sql).isNotEmpty().isEqualTo(strings(twinDb, sql));
            }
            assertThat(strings(run(), INDEXES)).as("every index and key is back").isEqualTo(strings(twinDb, INDEXES));
            assertThat(strings(run(), TRIGGERS)).as("every trigger is back, enabled").isEqualTo(strings(twinDb, TRIGGERS));
            assertThat(strings(run(), "SELECT conname FROM pg_constraint WHERE NOT convalidated")).as("unvalidated keys").isEmpty();

            // Every identity reads back through SCIM exactly as its twin does (meta aside: seeded ones are from 2018).
            try (ScimServer a = server(seeded); ScimServer b = server(twin)) {
                ScimClient sa = new ScimClient(a.baseUrl(), TOKEN);
                ScimClient sb = new ScimClient(b.baseUrl(), TOKEN);
                for (long n = 1; n <= N; n++) {
                    // Each server's $refs carry its own port: compared without the base URL.
                    ObjectNode fromSeed = (ObjectNode) Json.mapper().readTree(sa.get("/Users/" + IdentityGenerator.id(n)).body()
                            .toString().replace(a.baseUrl(), ""));
                    ObjectNode fromApi = (ObjectNode) Json.mapper().readTree(sb.get("/Users/" + IdentityGenerator.id(n)).body()
                            .toString().replace(b.baseUrl(), ""));
                    JsonNode meta = fromSeed.remove("meta");
                    fromApi.remove("meta");
                    assertThat(fromSeed).as("identity %d", n).isEqualTo(fromApi);
                    assertThat(meta.path("created").asText()).isEqualTo("2018-10-09T00:00:00Z");
                    assertThat(meta.path("version").asText()).isEqualTo("W/\"1\"");
                }
                String hr = IdentityStore.namedGroupId("hr").toString();
                assertThat(sa.get("/Users?count=0&filter=" + ScimClient.q("groups.value eq \"" + hr + "\"")).body()
                        .path("totalResults").asLong()).isEqualTo(N);
                String typeC = IdentityStore.namedGroupId("type-c").toString();
                assertThat(sa.get("/Users?count=0&filter=" + ScimClient.q("groups.value eq \"" + typeC + "\"")).body())
                        .isEqualTo(sb.get("/Users?count=0&filter=" + ScimClient.q("groups.value eq \"" + typeC + "\"")).body());
            }
            // Unique values are unique: the rebuilt constraints refuse a copy of identity 7.
            ObjectNode copyOf7 = generator.body(7);
            copyOf7.put("userName", "someone.else");
            assertThatThrownBy(() -> seeded.createUser(copyOf7, "x")).isInstanceOf(ScimException.class)
                    .extracting(e -> ((ScimException) e).status()).isEqualTo(409);
        }
    }

    @Test
    void theIndexLoadedFromASeededDatasetAgreesWithTheDatabase() throws Exception {
        seeder(SeedProgress.NONE).prepare(run(), dataset(N, true), false, true);
        try (HikariDataSource pool = ConnectionPools.create(run().jdbcUrl(), run().user(), run().password(), 4);
                IndexedIdentityStore indexed = IndexedIdentityStore.connect(IdentityStores.open(storage(), pool, Json.mapper()),
                        pool,
                        SearchEngines.connect(SearchMode.OPENSEARCH, TestSearchEngines.url(SearchMode.OPENSEARCH), "seed-" + storage(),
                                RefreshPolicy.FALSE, Json.mapper()))) {
            // A new index: loaded from the database with _bulk when the store connects.
            assertThat(indexed.lastRebuild()).get().extracting(IndexedIdentityStore.Rebuild::users).isEqualTo((long) N);
            IndexConsistency.Report report = IndexConsistency.check(indexed, indexed.index());
            assertThat(report.consistent()).as(report.toJson(Json.mapper()).toString()).isTrue();
            assertThat(report.indexedDocuments()).isEqualTo(N);
        }
    }

    @Test
    void theIndexOfASeededDatasetIsKeptAsASnapshotAndRestoredInsteadOfReloaded() throws Exception {
        seeder(SeedProgress.NONE).prepare(run(), dataset(N, false), false, true);
        IndexedIdentityStore.Snapshot snapshot = new IndexedIdentityStore.Snapshot(TestSearchEngines.snapshotDir(SearchMode.ELASTICSEARCH),
                dataset(N, false).key());
        String index = "snapshot-" + storage();
        try (HikariDataSource pool = ConnectionPools.create(run().jdbcUrl(), run().user(), run().password(), 4)) {
            try (IndexedIdentityStore first = connect(pool, index, snapshot)) {
                assertThat(first.lastRebuild()).as("no snapshot yet: loaded from the database").isPresent();
                assertThat(first.lastSnapshot()).isPresent();
                assertThat(first.lastRestore()).isEmpty();
                first.index().drop(); // an embedded engine starts empty on the next run
            }
            try (IndexedIdentityStore second = connect(pool, index, snapshot)) {
                assertThat(second.lastRestore()).as("restored from the snapshot").isPresent();
                assertThat(second.lastRebuild()).isEmpty();
                IndexConsistency.Report report = IndexConsistency.check(second, second.index());
                assertThat(report.consistent()).as(report.toJson(Json.mapper()).toString()).isTrue();
                second.index().drop();
            }
        }
    }

    private IndexedIdentityStore connect(HikariDataSource pool, String index, IndexedIdentityStore.Snapshot snapshot) {
        return IndexedIdentityStore.connect(IdentityStores.open(storage(), pool, Json.mapper()), pool, SearchEngines.connect(
                SearchMode.ELASTICSEARCH, TestSearchEngines.url(SearchMode.ELASTICSEARCH), index, RefreshPolicy.FALSE, Json.mapper()),
                n -> {}, snapshot);
    }

    @Test
    void twoSeedsAreIdenticalAndAReuseIgnoresWhatARunChanged() throws Exception {
        Seeder seeder = seeder(SeedProgress.NONE);
        seeder.prepare(run(), dataset(N, true), false, true);
        String first = checksum();
        execute(run(), deleteSomeUsers());

        SeedRecord reused = seeder.prepare(run(), dataset(N, true), false, true).orElseThrow();
        assertThat(reused.action()).isEqualTo(SeedRecord.REUSED);
        assertThat(reused.phases().cloneDatabase()).isPositive();
        assertThat(reused.loaded().action()).isEqualTo(SeedRecord.LOADED);
        assertThat(checksum()).as("the run's deletes never reached the kept dataset").isEqualTo(first);

        SeedRecord again = seeder.prepare(run(), dataset(N, true), true, true).orElseThrow();
        assertThat(again.action()).as("--fresh").isEqualTo(SeedRecord.LOADED);
        assertThat(checksum()).as("a second seed is identical to the first").isEqualTo(first);
        try (Connection c = run().sibling("postgres").connect()) {
            assertThat(new DatasetStore(c, false).list()).extracting(DatasetStore.Kept::name)
                    .filteredOn(name -> name.contains("_" + storage() + "_")).containsExactly(dataset(N, true).templateName());
        }
    }

    @Test
    void anInterruptedSeedIsDetectedAndRedone() throws Exception {
        assertThatThrownBy(() -> seeder(interruptAt(500)).prepare(run(), dataset(N, false), false, true))
                .hasMessage("interrupted at 500");
        assertThat(databases()).containsExactly(dataset(N, false).loadingName());

        SeedRecord redone = seeder(SeedProgress.NONE).prepare(run(), dataset(N, false), false, true).orElseThrow();
        assertThat(log).contains("Removing an interrupted seed: database " + dataset(N, false).loadingName()
                + " was never completed");
        assertThat(redone.action()).isEqualTo(SeedRecord.LOADED);
        assertThat(databases()).containsExactly(dataset(N, false).templateName());
        String redoneChecksum = checksum();
        seeder(SeedProgress.NONE).prepare(run(), dataset(N, false), true, true);
        assertThat(checksum()).isEqualTo(redoneChecksum);
    }

    @Test
    void aServerIdbenchDoesNotOwnIsSeededInPlace() throws Exception {
        Database external;
        try (HikariDataSource ignored = TestDatabase.fresh("seed_ext_" + storage(), 1)) {
            external = run().sibling("seed_ext_" + storage());
        }
        assertThatThrownBy(() -> seeder(interruptAt(500)).prepare(external, dataset(N, false), false, false))
                .hasMessage("interrupted at 500");
        SeedRecord loaded = seeder(SeedProgress.NONE).prepare(external, dataset(N, false), false, false).orElseThrow();
        assertThat(log).anyMatch(l -> l.startsWith("Found an interrupted seed: dropping the " + storage() + " tables of seed_ext_"));
        assertThat(loaded.action()).isEqualTo(SeedRecord.LOADED);
        String expected = checksum(external);

        SeedRecord reused = seeder(SeedProgress.NONE).prepare(external, dataset(N, false), false, false).orElseThrow();
        assertThat(reused.action()).isEqualTo(SeedRecord.REUSED_IN_PLACE);
        assertThat(log).anyMatch(l -> l.endsWith(": changes made by earlier runs stay (--fresh reloads it)"));

        assertThatThrownBy(() -> seeder(SeedProgress.NONE).prepare(external, dataset(10, false), false, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Database seed_ext_" + storage() + " already holds 1200 users of dataset " + dataset(N, false).key()
                        + ", not dataset " + dataset(10, false).key() + "; give --fresh to replace them");
        assertThat(checksum(external)).as("a refused seed changes nothing").isEqualTo(expected);

        execute(external, deleteSomeUsers());
        seeder(SeedProgress.NONE).prepare(external, dataset(N, false), true, false);
        assertThat(checksum(external)).as("--fresh reloads it").isEqualTo(expected);
        assertThat(databases()).as("no template on a server idbench does not own").isEmpty();
    }

    /** Every index and constraint of the storage (the seed's marker table aside). */
    private static final String TRIGGERS = "SELECT pg_get_triggerdef(oid) || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal"
            + " ORDER BY 1";
    private static final String INDEXES = "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '"
            + Seeder.MARKER + "' UNION ALL SELECT conrelid::regclass || ' ' || pg_get_constraintdef(oid) FROM pg_constraint "
            + "WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '" + Seeder.MARKER + "' ORDER BY 1";

    private String deleteSomeUsers() {
        return "DELETE FROM " + storage().userTable() + " WHERE user_name LIKE 'user.1%'";
    }

    private ScimServer server(IdentityStore store) {
        ScenarioConfig config = ScenarioConfig.builder().withStorage(storage()).withDyn(true).build();
        return ScimServer.start(config, store, new TokenService(TOKEN, "admin", "admin-password", 60, Clock.systemUTC()),
                HASHER);
    }

    /** Throws once the COPY has reached {@code at} identities. */
    private static SeedProgress interruptAt(long at) {
        return new SeedProgress() {
            @Override
            public void start(String phase, long total, String unit) {
            }

            @Override
            public void step(long done) {
                if (done >= at) {
                    throw new IllegalStateException("interrupted at " + at);
                }
            }

            @Override
            public void end() {
            }
        };
    }

    private List<String> databases() throws SQLException {
        return strings(run().sibling("postgres"), "SELECT datname FROM pg_database WHERE datname LIKE 'idb%\\_" + storage()
                + "\\_%' ORDER BY 1");
    }

    private String checksum() throws SQLException {
        return checksum(run());
    }

    private String checksum(Database db) throws SQLException {
        return strings(db, checksumSql()).get(0);
    }

    static List<String> strings(Database db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            return strings(s, sql);
        }
    }

    private static List<String> strings(Statement s, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static void execute(Database db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
