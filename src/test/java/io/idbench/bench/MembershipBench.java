package io.idbench.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.idbench.common.Json;
import io.idbench.config.PasswordHash;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.Storage;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.service.PasswordHasher;
import io.idbench.service.ScimServer;
import io.idbench.service.TokenService;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.store.Sql;
import io.idbench.store.SqlIdentityStore;
import io.idbench.support.SqlSeed;
import io.idbench.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Benchmark (not a test) behind issue 5's closing note, driven by wrk on loopback:
 * <ul>
 * <li>at {@code small} identities (10,000), create and update (PATCH of the e-mail) p50 / p95 with
 *     dynamic memberships off and on, on both storages;</li>
 * <li>at {@code large} identities (100,000), one page of 100 members of {@code hr} (every identity
 *     is a member), the member count alone, and one user's groups.</li>
 * </ul>
 * Identities are seeded with SQL, memberships of hr and employee for all; the ten dynamic
 * groups are created by the service itself at start (their recompute is timed).
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) io.idbench.bench.MembershipBench [small] [large] [seconds]
 * </pre>
 */
public final class MembershipBench {
    private static final String TOKEN = "membership-bench-token-0123456789";
    private static final Path WORK = Path.of(System.getProperty("java.io.tmpdir"), "idbench-membership-bench");

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("explain")) {
            explain(Storage.parse(args[1]), Integer.parseInt(args[2]));
            return;
        }
        int small = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int large = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        Files.createDirectories(WORK);
        List<String> report = new ArrayList<>();
        for (Storage storage : Storage.values()) {
            for (boolean dyn : new boolean[] {false, true}) {
                try (Dataset d = Dataset.seed(storage, dyn, small, report)) {
                    String tag = String.format("%-10s %-5s %6d", storage, dyn ? "dyn" : "nodyn", small);
                    for (int c : new int[] {1, 10}) {
                        log(report, tag + " create c=" + c + ": " + wrk(d.port(), "create.lua", c, seconds,
                                Map.of("PREFIX", "bench" + c + ".", "OFFSET", String.valueOf(5_000_000 + c * 100_000))));
                        log(report, tag + " update c=" + c + ": " + wrk(d.port(), "patch.lua", c, seconds, Map.of()));
                    }
                }
            }
        }
        for (Storage storage : Storage.values()) {
            for (boolean dyn : new boolean[] {false, true}) {
                try (Dataset d = Dataset.seed(storage, dyn, large, report)) {
                    String tag = String.format("%-10s %-5s %6d", storage, dyn ? "dyn" : "nodyn", large);
                    Map<String, String> hr = Map.of("GROUP", d.hr(), "MEMBERS", String.valueOf(large));
                    wrk(d.port(), "user-groups.lua", 1, 5, Map.of()); // warm-up
                    for (int c : new int[] {1, 10}) {
                        log(report, tag + " members page (random) c=" + c + ": " + wrk(d.port(), "members-page.lua", c, seconds, hr));
                        Map<String, String> first = new HashMap<>(hr);
                        first.put("START", "first");
                        log(report, tag + " members page (first) c=" + c + ": " + wrk(d.port(), "members-page.lua", c, seconds, first));
                        log(report, tag + " member count c=" + c + ": " + wrk(d.port(), "members-count.lua", c, seconds, hr));
                        log(report, tag + " user's groups c=" + c + ": " + wrk(d.port(), "user-groups.lua", c, seconds, hr));
                    }
                }
            }
        }
        System.out.println("\n==== summary");
        report.forEach(System.out::println);
        System.exit(0);
    }

    /** EXPLAIN ANALYZE of the member page (deep), the member count and one user's groups read. */
    private static void explain(Storage storage, int n) throws Exception {
        try (Dataset d = Dataset.seed(storage, false, n, new ArrayList<>())) {
            var resolver = new FilterResolver(ScimSchemas.USER_TYPE);
            var filter = resolver.parse("groups.value eq \"" + d.hr() + "\"");
            var store = (SqlIdentityStore) d.store();
            List<Sql> page = store.userSearchStatements(new ListQuery(filter, null, n / 2, 100));
            List<Sql> first = store.userSearchStatements(new ListQuery(filter, null, 1, 100));
            try (Connection c = d.pool().getConnection()) {
                if (System.getenv("EXPLAIN_SET") != null) {
                    try (Statement s = c.createStatement()) {
                        s.execute(System.getenv("EXPLAIN_SET"));
                    }
                }
                for (Sql sql : List.of(page.get(0), first.get(0), page.get(1))) {
                    try (var ps = c.prepareStatement("EXPLAIN (ANALYZE, BUFFERS) " + sql.text())) {
                        for (int i = 0; i < sql.params().size(); i++) {
                            ps.setObject(i + 1, sql.params().get(i));
                        }
                        try (ResultSet rs = ps.executeQuery()) {
                            System.out.println("---- " + sql.text().substring(0, Math.min(160, sql.text().length())));
                            while (rs.next()) {
                                System.out.println(rs.getString(1));
                            }
                        }
                    }
                }
                c.commit();
            }
        }
        System.exit(0);
    }

    private static void log(List<String> report, String line) {
        report.add(line);
        System.out.println(line);
    }

    /** A database with n seeded identities, hr and employee for all, and the service on it. */
    private record Dataset(HikariDataSource pool, IdentityStore store, ScimServer server, String hr) implements AutoCloseable {

        static Dataset seed(Storage storage, boolean dyn, int n, List<String> report) throws Exception {
            HikariDataSource pool = TestDatabase.fresh("bench_members", 20);
            IdentityStores.open(storage, pool, Json.mapper()).close();
            String users = storage == Storage.JSONB ? "scim_user" : "r_user";
            String groups = storage == Storage.JSONB ? "scim_group" : "r_group";
            String membership = storage == Storage.JSONB ? "scim_membership" : "r_membership";
            try (Connection c = pool.getConnection()) {
                if (storage == Storage.JSONB) {
                    SqlSeed.jsonb(c, n);
                } else {
                    SqlSeed.relational(c, n);
                }
                c.commit();
            }
            IdentityStore store = IdentityStores.open(storage, pool, Json.mapper());
            long t0 = System.nanoTime();
            ScimServer server = ScimServer.start(ScenarioConfig.builder().withStorage(storage).withDyn(dyn).build(), store,
                    new TokenService(TOKEN, "admin", "admin-password", 3600, Clock.systemUTC()),
                    PasswordHasher.of(PasswordHash.SSHA256, 4));
            if (dyn) {
                log(report, String.format("%-10s dyn   %6d: ten dynamic groups created and computed in %.1f s", storage, n,
                        (System.nanoTime() - t0) / 1e9));
            }
            String hr;
            try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
                s.execute("INSERT INTO " + membership + " (group_id, user_id) SELECT g.id, u.id FROM " + groups + " g, "
                        + users + " u WHERE g.display_name IN ('hr', 'employee') ON CONFLICT DO NOTHING");
                s.execute("ANALYZE");
                try (ResultSet rs = s.executeQuery("SELECT id FROM " + groups + " WHERE display_name = 'hr'")) {
                    rs.next();
                    hr = rs.getString(1);
                }
                List<String> ids = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("SELECT id FROM " + users)) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
                c.commit();
                Files.write(WORK.resolve("ids.txt"), ids);
            }
            try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                s.execute("VACUUM ANALYZE");
            }
            return new Dataset(pool, store, server, hr);
        }

        int port() {
            return server.port();
        }

        @Override
        public void close() {
            server.close();
            store.close();
            pool.close();
        }
    }

    private static String wrk(int port, String script, int connections, int seconds, Map<String, String> env) throws Exception {
        Map<String, String> all = new HashMap<>(env);
        all.put("WORK", WORK.toString());
        return Wrk.run(port, TOKEN, script, connections, seconds, all);
    }
}
