package io.idbench.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.membership.ProfileGroups;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.JsonbCopyLoader;
import io.idbench.service.Json;
import io.idbench.store.DynamicGroups;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.store.StoredResource;
import io.idbench.support.TestDatabase;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * Benchmark (not a test) of the JSONB COPY loader: N identities (default 1,000,000) with dynamic
 * memberships on or off, phase by phase, on the tests' embedded PostgreSQL.
 *
 * <pre>
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) io.idbench.bench.SeedBench [n] [dyn]
 * </pre>
 */
public final class SeedBench {
    public static void main(String[] args) throws Exception {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        boolean dyn = args.length > 1 && Boolean.parseBoolean(args[1]);
        try (HikariDataSource pool = TestDatabase.fresh("bench_seed", 2);
             IdentityStore store = IdentityStores.open("jsonb", pool, Json.mapper())) {
            ProfileGroups.ensure(store, dyn, Json.mapper());
            Map<String, UUID> groups = new HashMap<>();
            DynamicGroups dynamic = new DynamicGroups();
            for (StoredResource g : store.searchGroups(new ListQuery(new FilterResolver(ScimSchemas.GROUP_TYPE)
                    .parse("displayName pr"), null, 1, 100), 0).resources()) {
                groups.put(g.body().path("displayName").asText(), g.id());
                dynamic.register(g.id(), g.body());
            }
            List<String> hashes = IntStream.range(0, IdentityGenerator.PASSWORD_POOL).mapToObj(i -> "{SSHA256}pool" + i).toList();
            long t0 = System.nanoTime();
            JsonbCopyLoader.Phases p = new JsonbCopyLoader(new IdentityGenerator(Json.mapper()), Json.mapper())
                    .load(pool, n, hashes, groups, dynamic, i -> {
                        if (i % 100_000 == 0) {
                            System.out.printf("  %,d copied after %.1f s%n", i, (System.nanoTime() - t0) / 1e9);
                        }
                    });
            double total = p.total().toMillis() / 1000.0;
            System.out.printf("jsonb %,d dyn=%s: copy %.1f s, index build %.1f s, analyze %.1f s; total %.1f s = %,.0f identities/s%n",
                    n, dyn, p.copy().toMillis() / 1000.0, p.indexes().toMillis() / 1000.0, p.analyze().toMillis() / 1000.0,
                    total, n / total);
        }
        System.exit(0);
    }
}
