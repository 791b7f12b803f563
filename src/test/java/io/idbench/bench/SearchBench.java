package io.idbench.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.PasswordHash;
import io.idbench.config.Provider;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.provision.EmbeddedSearchEngine;
import io.idbench.search.IndexedIdentityStore;
import io.idbench.search.elastic.SearchEngines;
import io.idbench.service.PasswordHasher;
import io.idbench.service.ScimServer;
import io.idbench.service.TokenService;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.support.SqlSeed;
import io.idbench.support.TestDatabase;
import java.sql.Connection;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Benchmark (not a test) behind issue 4's closing note: embedded engine start-up times, the bulk
 * indexing rate of 100,000 identities (a rebuild from the database), and the plan-1 search
 * (name.givenName eq … or name.familyName eq …, sorted, 25 per page) at 100,000 identities for
 * sql, elasticsearch and opensearch on both storages, driven by wrk on loopback.
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) io.idbench.bench.SearchBench [identities] [seconds]
 * </pre>
 */
public final class SearchBench {
    private static final String TOKEN = "search-bench-token-0123456789";

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        List<String> report = new ArrayList<>();
        for (SearchMode engine : List.of(SearchMode.ELASTICSEARCH, SearchMode.OPENSEARCH)) {
            for (int i = 0; i < 3; i++) {
                ScenarioConfig c = ScenarioConfig.builder().withSearch(engine).withSearchProvider(Provider.EMBEDDED).build();
                try (EmbeddedSearchEngine e = EmbeddedSearchEngine.start(c, "bench")) {
                    report.add(String.format("startup %s #%d: %.1f s", engine, i + 1, e.startup().toMillis() / 1000.0));
                }
            }
        }
        report.forEach(System.out::println);
        for (Storage storage : Storage.values()) {
            try (HikariDataSource pool = TestDatabase.fresh("bench_" + storage, 20)) {
                IdentityStores.open(storage, pool, Json.mapper()).close();
                try (Connection c = pool.getConnection()) {
                    if (storage == Storage.JSONB) {
                        SqlSeed.jsonb(c, n);
                    } else {
                        SqlSeed.relational(c, n);
                    }
                    c.commit();
                }
                for (SearchMode search : SearchMode.values()) {
                    IdentityStore store = IdentityStores.open(storage, pool, Json.mapper());
                    EmbeddedSearchEngine engine = null;
                    if (search.engine()) {
                        engine = EmbeddedSearchEngine.start(ScenarioConfig.builder().withSearch(search)
                                .withSearchProvider(Provider.EMBEDDED).build(), "bench");
                        IndexedIdentityStore indexed = IndexedIdentityStore.connect(store, pool, SearchEngines.connect(search,
                                engine.url(), "bench-" + storage, RefreshPolicy.FALSE, Json.mapper()));
                        long t0 = System.nanoTime();
                        long indexed100k = indexed.rebuild();
                        double s = (System.nanoTime() - t0) / 1e9;
                        report.add(String.format("bulk index %s %s: %d users in %.1f s = %.0f users/s", storage, search,
                                indexed100k, s, indexed100k / s));
                        System.out.println(report.get(report.size() - 1));
                        store = indexed;
                    }
                    ScimServer scim = ScimServer.start(ScenarioConfig.builder().withStorage(storage).build(), store,
                            new TokenService(TOKEN, "admin", "admin-password", 3600, Clock.systemUTC()),
                            PasswordHasher.of(PasswordHash.SSHA256, 4));
                    try {
                        wrk(scim.port(), 1, 5, n); // warm-up
                        for (int c : new int[] {1, 10}) {
                            String line = wrk(scim.port(), c, seconds, n);
                            report.add(String.format("search %-10s %-13s c=%-2d %s", storage, search, c, line));
                            System.out.println(report.get(report.size() - 1));
                        }
                    } finally {
                        scim.close();
                        store.close();
                        if (engine != null) {
                            engine.close();
                        }
                    }
                }
            }
        }
        System.out.println("\n==== summary");
        report.forEach(System.out::println);
        System.exit(0);
    }

    private static String wrk(int port, int connections, int seconds, int seeded) throws Exception {
        return Wrk.run(port, TOKEN, "search.lua", connections, seconds, Map.of("SEEDED", String.valueOf(seeded)));
    }
}
