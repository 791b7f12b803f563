package io.idbench.bench;

import io.idbench.common.Json;
import io.idbench.config.Storage;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.record.SeedRecord;
import io.idbench.seed.Database;
import io.idbench.seed.Dataset;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.PlainProgress;
import io.idbench.seed.Seeder;
import io.idbench.support.TestDatabase;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Benchmark (not a test) of seeding: N identities (default 1,000,000) of a storage, loaded fresh
 * into a kept dataset and then reused, phase by phase, on the tests' embedded PostgreSQL.
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) io.idbench.bench.SeedBench [jsonb|relational] [n] [dyn]
 * </pre>
 */
public final class SeedBench {
    public static void main(String[] args) throws Exception {
        Storage storage = Storage.parse(args.length > 0 ? args[0] : "jsonb");
        long n = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
        boolean dyn = args.length > 2 && Boolean.parseBoolean(args[2]);
        EmbeddedPostgresProvider pg = TestDatabase.provider();
        Database run = new Database(pg.jdbcUrl(), pg.user(), pg.password()).sibling("bench_seed");
        List<String> hashes = IntStream.range(0, IdentityGenerator.PASSWORD_POOL).mapToObj(i -> "{SSHA256}pool" + i).toList();
        Seeder seeder = new Seeder(new IdentityGenerator(Json.mapper()), hashes, new PlainProgress(System.out::println, 5_000),
                System.out::println);
        Dataset dataset = Dataset.of(storage, n, dyn, "ssha256");
        SeedRecord fresh = seeder.prepare(run, dataset, true, true).orElseThrow();
        System.out.println("fresh: " + Json.mapper().writeValueAsString(fresh));
        SeedRecord reused = seeder.prepare(run, dataset, false, true).orElseThrow();
        System.out.println("reuse: " + Json.mapper().writeValueAsString(reused));
        System.exit(0);
    }
}
