package io.idbench.cli;

import io.idbench.common.Json;
import io.idbench.config.ConfigException;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.PostgresProvider;
import io.idbench.seed.Database;
import io.idbench.seed.DatasetStore;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.UsersCsv;
import io.idbench.targets.ScimClient;
import io.idbench.targets.ScimSeeder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedDeque;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code idbench seed}: makes a dataset ready without serving it: provisions PostgreSQL, loads the
 * dataset with COPY unless it is kept already (then it is reused, which is what a later
 * {@code serve} or benchmark run with the same parameters does), and with a search engine
 * bulk-loads the index too; then stops everything and prints what each phase took.
 */
@Command(name = "seed", mixinStandardHelpOptions = true, defaultValueProvider = ParameterDefaults.class, sortOptions = false,
        description = {"Seeds a dataset of identities, or another SCIM server over its API.",
                "It loads --users=N identities of the docs/workload.md profile (identity N is always the same) by COPY,",
                "with indexes and keys built after the load, or reuses the dataset when it is kept; with a search engine,",
                "it bulk-loads the index too. Prints progress, then the time of each phase and the rate; --record writes it as JSON.",
                "The embedded PostgreSQL keeps every dataset in --pg-data-dir: later runs clone it in seconds.",
                "With --target-url: seeds another SCIM 2.0 server over its API instead (the same identities, groups hr and",
                "employee), keeps what it holds already, checks user.1, user.N and hr's members, and writes the ids it assigned."},
        footer = {"", "Examples:",
                "  java -jar target/idbench.jar seed --storage=jsonb --users=1000000",
                "  java -jar target/idbench.jar seed --storage=relational --users=10000 --dyn=true --users-csv=target/users.csv",
                "  java -jar target/idbench.jar seed --list",
                "  java -jar target/idbench.jar seed --users=10000 --target-url=http://127.0.0.1:8080/scim/v2 --target-token=… "
                        + "--ids-file=ids.csv"})
public final class SeedCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StackOptions stack;

    @Mixin
    TargetOptions target;

    @Option(names = "--record", paramLabel = "<file>", description = "Write the seed record (dataset, phases, rate) as JSON to this file.")
    Path record;

    @Option(names = "--list", description = "List the datasets kept by the embedded PostgreSQL in --pg-data-dir, and seed nothing.")
    boolean list;

    @Override
    public Integer call() throws Exception {
        if (target.given()) {
            return seedTarget();
        }
        ScenarioConfig config = stack.apply(ScenarioConfig.builder()).build();
        if (!list && config.users() == 0) {
            throw new ConfigException("seed needs --users=<n> greater than 0");
        }
        PrintWriter out = spec.commandLine().getOut();
        Deque<AutoCloseable> started = new ConcurrentLinkedDeque<>();
        // Ctrl-C or SIGTERM half-way: stop what runs; the unfinished dataset is never taken for a complete one.
        Thread hook = new Thread(() -> ServiceStack.stopAll(started, out), "idbench-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (list) {
                list(config, out, started);
                return 0;
            }
            ServiceStack stack = ServiceStack.start(config, out, started);
            if (record != null && stack.seed.isPresent()) {
                Json.write(record, stack.seed.get());
                out.println("Seed record written to " + record);
            }
            return 0;
        } finally {
            Runtime.getRuntime().removeShutdownHook(hook);
            ServiceStack.stopAll(started, out);
        }
    }

    /** Another SCIM server seeded over its API: the same identities and groups, checked, the ids written. */
    private int seedTarget() throws Exception {
        ScimClient client = target.client();
        long users = stack.dataset.users;
        if (users < 1) {
            throw new ConfigException("seed needs --users=<n> greater than 0");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Seeding " + String.format("%,d", users) + " identities into " + client.baseUrl() + " over SCIM…");
        out.flush();
        ScimSeeder.Result r = new ScimSeeder(client, new IdentityGenerator(Json.mapper()), target.parallelism, TerminalProgress.forOutput(
                line -> {
                    out.println(line);
                    out.flush();
                })).seed(users);
        out.println(r.summary());
        if (target.idsFile != null) {
            UsersCsv.write(target.idsFile, r.ids());
            out.println("Wrote the ids " + client.baseUrl() + " assigned to " + target.idsFile);
        }
        if (record != null) {
            Json.write(record, r.record("external-" + users, client.baseUrl()));
            out.println("Seed record written to " + record);
        }
        return 0;
    }

    private static void list(ScenarioConfig config, PrintWriter out, Deque<AutoCloseable> started) throws Exception {
        PostgresProvider pg = PostgresProvider.start(config);
        started.push(pg);
        if (!pg.ownsServer()) {
            throw new ConfigException("--list shows the datasets of a server idbench runs (embedded or testcontainers); "
                    + "an external database holds at most one, seeded in place");
        }
        try (Connection c = new Database(pg.jdbcUrl(), pg.user(), pg.password()).sibling("postgres").connect()) {
            DatasetStore store = new DatasetStore(c, false);
            PostgresDatasets.print(config.pgDataPath(), store.list(), store.copies(), false, out);
        }
    }

}
