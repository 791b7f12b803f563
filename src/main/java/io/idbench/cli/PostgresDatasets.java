package io.idbench.cli;

import io.idbench.config.ByteSize;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.seed.DatasetStore;
import io.idbench.seed.DatasetStore.Copy;
import io.idbench.seed.DatasetStore.Kept;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The datasets the embedded PostgreSQL keeps in its data directory (template databases, one per storage, size and
 * generator): listed and pruned through a live run's server on the directory, or one started for it and stopped after.
 */
final class PostgresDatasets {
    private PostgresDatasets() {
    }

    /** The datasets, the least recently used first, and the engine's snapshots beside them. */
    static int list(ScenarioConfig config, PrintWriter out) throws SQLException, IOException {
        return withStore(config, out, (store, byRun) -> {
            print(config.pgDataPath(), store.list(), store.copies(), byRun, out);
            return 0;
        });
    }

    /** Removes those not used for {@code age} (null: any age), then the least recently used beyond {@code budget}. */
    static int prune(ScenarioConfig config, Duration age, long budget, boolean dryRun, PrintWriter out) throws SQLException, IOException {
        return withStore(config, out, (store, byRun) -> {
            List<Kept> victims = store.toRemove(age, Instant.now(), budget, 0, null);
            List<Copy> copies = store.copies().stream().filter(k -> !k.inUse()).toList();
            long left = store.bytes() - victims.stream().mapToLong(Kept::bytes).sum();
            if (budget != ScenarioConfig.NO_DATASETS_BUDGET && left > budget) {
                out.println("The datasets in use take " + ByteSize.format(left) + ", more than " + ByteSize.format(budget)
                        + ": they stay");
            }
            long bytes = victims.stream().mapToLong(Kept::bytes).sum() + copies.stream().mapToLong(Copy::bytes).sum();
            if (victims.isEmpty() && copies.isEmpty()) {
                out.println("Nothing to remove");
            } else if (dryRun) {
                copies.forEach(k -> out.println("Would remove the run's copy " + k.describe()));
                victims.forEach(k -> out.println("Would remove dataset " + k.describe()));
                out.println("Would free " + ByteSize.format(bytes) + " (--dry-run: nothing removed)");
            } else {
                long freed = 0;
                for (Copy k : copies) {
                    store.remove(k);
                    out.println("Removed the run's copy " + k.describe());
                    freed += k.bytes();
                }
                freed += store.removeAll(victims, out::println);
                out.println("Freed " + ByteSize.format(freed) + "; " + ByteSize.format(store.bytes()) + " kept");
            }
            out.flush();
            return 0;
        });
    }

    /** What is done with the store, on a connection to its server's {@code postgres} database. */
    interface StoreWork {
        int run(DatasetStore store, boolean servedByRun) throws SQLException, IOException;
    }

    /** Runs {@code work} on the live run's server on the directory, or on one started for it and stopped after. */
    static int withStore(ScenarioConfig config, PrintWriter out, StoreWork work) throws SQLException, IOException {
        Path dataDir = config.pgDataPath();
        if (!Files.isDirectory(dataDir)) {
            out.println("No datasets kept: " + dataDir + " does not exist yet (the first seed creates it)");
            return 0;
        }
        Optional<String> live = EmbeddedPostgresProvider.runningOn(dataDir);
        if (live.isPresent()) {
            out.println("A run is using " + dataDir + ": working through its PostgreSQL");
            try (Connection c = connect(live.get())) {
                return work.run(new DatasetStore(c, true), true);
            }
        }
        try (EmbeddedPostgresProvider pg = EmbeddedPostgresProvider.start(config, "to manage its datasets");
                Connection c = connect("jdbc:postgresql://127.0.0.1:" + pg.port() + "/postgres")) {
            return work.run(new DatasetStore(c, false), false);
        }
    }

    private static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, EmbeddedPostgresProvider.USER, EmbeddedPostgresProvider.PASSWORD);
    }

    static void print(Path dataDir, List<Kept> kept, List<Copy> copies, boolean byRun, PrintWriter out) throws IOException {
        if (kept.isEmpty()) {
            out.println("No datasets kept in " + dataDir);
        } else {
            out.printf("Datasets kept in %s: %d, %s on disk%s%n", dataDir, kept.size(),
                    ByteSize.format(kept.stream().mapToLong(Kept::bytes).sum()), byRun ? "" : " (no run is using the directory)");
            out.printf("  %-10s %11s  %-5s  %-3s  %9s  %-16s  %-16s  %-6s  %s%n", "storage", "identities", "dyn", "gen", "size",
                    "loaded (UTC)", "last used (UTC)", "in use", "name");
            for (Kept k : kept) {
                // Another product's dataset (Keycloak's) names the product before its database, and has no dynamic memberships.
                String storage = k.loaded().storage().split(",", 2)[0];
                out.printf(Locale.ROOT, "  %-10s %,11d  %-5s  g%-2s  %9s  %-16s  %-16s  %-6s  %s%n", storage,
                        k.loaded().users(), k.loaded().dyn() == null ? "-" : k.loaded().dyn(), k.loaded().generatorVersion(),
                        ByteSize.format(k.bytes()),
                        DatasetsCommand.WHEN.format(Instant.parse(k.loaded().at())), DatasetsCommand.WHEN.format(k.lastUsed()),
                        k.inUse() ? "yes" : "no", k.name());
            }
        }
        if (!copies.isEmpty()) {
            // A run's copy is as large as its dataset: left unlisted, a 10M run's 19 GB hid behind "No datasets kept".
            out.printf("The runs' own copies of datasets: %d, %s on disk (each run makes its own; datasets prune removes those no"
                    + " run is using)%n", copies.size(), ByteSize.format(copies.stream().mapToLong(Copy::bytes).sum()));
            for (Copy k : copies) {
                out.printf(Locale.ROOT, "  %9s  %-6s  %s, a copy of %s%n", ByteSize.format(k.bytes()), k.inUse() ? "in use" : "",
                        k.name(), k.dataset());
            }
        }
        SearchSnapshots.list(dataDir, out);
        out.flush();
    }
}
