package io.idbench.cli;

import io.idbench.common.FileTrees;
import io.idbench.common.ProcessLock;
import io.idbench.config.ByteSize;
import io.idbench.config.ConfigException;
import io.idbench.config.ScenarioConfig;
import io.idbench.provision.DataDirectoryLock;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.seed.DatasetStore;
import io.idbench.seed.DatasetStore.Kept;
import io.idbench.targets.ldap.KeptDirectories;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code idbench datasets}: the datasets kept in a data directory, listed; {@code prune} removes by age or to a budget. */
@Command(name = "datasets", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Lists the datasets the embedded PostgreSQL keeps in --pg-data-dir, the least recently used first.",
                "For each: storage, identities, dynamic memberships, generator version, size on disk, when it was loaded",
                "and last used, and whether a run is using it. While a run holds the directory, the list comes from",
                "that run's server and marks the dataset it serves; otherwise a server is started on the directory",
                "for the listing (a few seconds). `datasets prune` removes datasets by age or down to a size budget;",
                "a run keeps the store within a budget by itself with -Ddatasets.maxBytes (--datasets-max-bytes).",
                "Then the directories `idbench openldap` keeps (OpenLDAP's MDB files, one per size): `datasets prune",
                "--directories` removes those no run copies again, and by age or to a budget."},
        subcommands = DatasetsCommand.Prune.class,
        footer = {"", "Examples:", "  java -jar target/idbench.jar datasets",
                "  java -jar target/idbench.jar datasets prune --older-than=30d --dry-run",
                "  java -jar target/idbench.jar datasets prune --max-bytes=50GB",
                "  java -jar target/idbench.jar datasets prune --directories --older-than=30d"})
public final class DatasetsCommand implements Callable<Integer> {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    @Spec
    CommandSpec spec;

    @Mixin
    DataDirOption dir;

    @Mixin
    DirectoriesOption directories;

    /** Where {@code idbench openldap} keeps its loaded directories: by default one root per OpenLDAP version, all of them. */
    static final class DirectoriesOption {
        @Option(names = "--directory-datasets-dir", paramLabel = "<dir>", defaultValue = OpenldapCommand.DEFAULT_DATASETS,
                description = "Where `idbench openldap` keeps its loaded directories, as its --datasets-dir (default: "
                        + "${DEFAULT-VALUE}-<version>, every version's).")
        String dir;

        List<KeptDirectories> roots() throws IOException {
            if (!dir.equals(OpenldapCommand.DEFAULT_DATASETS)) {
                return List.of(new KeptDirectories(ScenarioConfig.expandHome(dir)));
            }
            Path parent = ScenarioConfig.expandHome(dir).getParent();
            if (!Files.isDirectory(parent)) {
                return List.of();
            }
            String prefix = ScenarioConfig.expandHome(dir).getFileName() + "-";
            try (Stream<Path> roots = Files.list(parent)) {
                return roots.filter(r -> Files.isDirectory(r) && r.getFileName().toString().startsWith(prefix)).sorted()
                        .map(KeptDirectories::new).toList();
            }
        }
    }

    /** The kept data directory, as serve and seed name it. */
    static final class DataDirOption {
        @Option(names = "--pg-data-dir", paramLabel = "<dir>", defaultValue = ScenarioConfig.DEFAULT_PG_DATA_DIR,
                description = "Data directory of the embedded PostgreSQL that keeps the datasets (default: ${DEFAULT-VALUE}).")
        String pgDataDir;

        ScenarioConfig config() {
            if (ScenarioConfig.NO_PG_DATA_DIR.equals(pgDataDir)) {
                throw new ConfigException("--pg-data-dir=none keeps no datasets: name the directory that keeps them");
            }
            return ScenarioConfig.builder().withPgDataDir(pgDataDir).build();
        }
    }

    @Override
    public Integer call() throws Exception {
        ScenarioConfig config = dir.config();
        PrintWriter out = spec.commandLine().getOut();
        int code = withStore(config, out, (store, byRun) -> {
            print(config.pgDataDir(), store.list(), byRun, out);
            return 0;
        });
        printDirectories(directories.roots(), out);
        return code;
    }

    static void printDirectories(List<KeptDirectories> roots, PrintWriter out) throws IOException {
        if (roots.isEmpty()) {
            out.println("No directory datasets kept (idbench openldap keeps them in " + OpenldapCommand.DEFAULT_DATASETS
                    + "-<version>)");
        }
        for (KeptDirectories root : roots) {
            List<KeptDirectories.Kept> kept = root.list();
            if (kept.isEmpty()) {
                out.println("No directory datasets kept in " + root.root());
            } else {
                out.printf("Directory datasets (OpenLDAP) kept in %s: %d, %s on disk%n", root.root(), kept.size(),
                        ByteSize.format(kept.stream().mapToLong(KeptDirectories.Kept::bytes).sum()));
                out.printf("  %11s  %-3s  %9s  %-16s  %-16s  %-7s  %s%n", "identities", "gen", "size", "loaded (UTC)",
                        "last used (UTC)", "current", "name");
                for (KeptDirectories.Kept k : kept) {
                    out.printf(Locale.ROOT, "  %,11d  g%-2s  %9s  %-16s  %-16s  %-7s  %s%n", k.users(), k.generatorVersion(),
                            ByteSize.format(k.bytes()), WHEN.format(k.loaded()), WHEN.format(k.lastUsed()), k.current() ? "yes" : "no",
                            k.name());
                }
                if (kept.stream().anyMatch(k -> !k.current())) {
                    out.println("  Not current: made by another schema, other indexes or another generator; no run copies them again"
                            + " (datasets prune --directories removes them)");
                }
            }
            List<Path> interrupted = root.interrupted();
            if (!interrupted.isEmpty()) {
                long bytes = 0;
                for (Path dir : interrupted) {
                    bytes += KeptDirectories.bytes(dir);
                }
                out.printf("  Loads killed half-way: %d, %s (removed by their dataset's next load, or by datasets prune"
                        + " --directories)%n", interrupted.size(), ByteSize.format(bytes));
            }
        }
        out.flush();
    }

    /** What is done with the store, on a connection to its server's {@code postgres} database. */
    interface StoreWork {
        int run(DatasetStore store, boolean servedByRun) throws SQLException, IOException;
    }

    /** Runs {@code work} on the live run's server on the directory, or on one started for it and stopped after. */
    static int withStore(ScenarioConfig config, PrintWriter out, StoreWork work) throws SQLException, IOException {
        Path dataDir = config.pgDataDir();
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

    static void print(Path dataDir, List<Kept> kept, boolean byRun, PrintWriter out) throws IOException {
        if (kept.isEmpty()) {
            out.println("No datasets kept in " + dataDir);
        } else {
            out.printf("Datasets kept in %s: %d, %s on disk%s%n", dataDir, kept.size(),
                    ByteSize.format(kept.stream().mapToLong(Kept::bytes).sum()), byRun ? "" : " (no run is using the directory)");
            out.printf("  %-10s %11s  %-5s  %-3s  %9s  %-16s  %-16s  %-6s  %s%n", "storage", "identities", "dyn", "gen", "size",
                    "loaded (UTC)", "last used (UTC)", "in use", "name");
            for (Kept k : kept) {
                out.printf(Locale.ROOT, "  %-10s %,11d  %-5s  g%-2s  %9s  %-16s  %-16s  %-6s  %s%n", k.loaded().storage(),
                        k.loaded().users(), k.loaded().dyn(), k.loaded().generatorVersion(), ByteSize.format(k.bytes()),
                        WHEN.format(Instant.parse(k.loaded().at())), WHEN.format(k.lastUsed()), k.inUse() ? "yes" : "no", k.name());
            }
        }
        Path snapshots = snapshots(dataDir);
        if (Files.isDirectory(snapshots)) {
            out.printf("Search-engine snapshots of these datasets' indexes beside them: %s in %s (datasets prune --snapshots)%n",
                    ByteSize.format(FileTrees.size(snapshots)), snapshots);
        }
        out.flush();
    }

    /** The search engine's snapshot repository beside a kept data directory (serve's default for it). */
    static Path snapshots(Path dataDir) {
        return dataDir.resolveSibling(dataDir.getFileName() + "-search-snapshots");
    }

    /** {@code idbench datasets prune}. */
    @Command(name = "prune", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Removes kept datasets by age or down to a size budget.",
                    "First those not used for --older-than, then the least recently used until the rest fit in",
                    "--max-bytes. A dataset a run is using is never removed. --snapshots also removes the search",
                    "engine's snapshots of the datasets' indexes (a cache: a run with an engine then builds its index",
                    "from the database and snapshots it again), unless a run is using the directory. With --dry-run,",
                    "says what would go and removes nothing. --directories prunes the directories `idbench openldap` keeps",
                    "instead, with the same options."},
            footer = {"", "Examples:", "  java -jar target/idbench.jar datasets prune --older-than=30d",
                    "  java -jar target/idbench.jar datasets prune --max-bytes=50GB --dry-run",
                    "  java -jar target/idbench.jar datasets prune --snapshots",
                    "  java -jar target/idbench.jar datasets prune --directories --dry-run"})
    static final class Prune implements Callable<Integer> {
        private static final Pattern AGE = Pattern.compile("(\\d+)([dhm])");

        @Spec
        CommandSpec spec;

        @Mixin
        DataDirOption dir;

        @Option(names = "--older-than", paramLabel = "<age>",
                description = "Remove the datasets not used for this long: 30d, 12h, 90m or ISO-8601 (P30D).")
        String olderThan;

        @Option(names = "--max-bytes", paramLabel = "<size>",
                description = "Remove the least recently used datasets until the rest take at most this much: 50GB, 500MB.")
        String maxBytes;

        @Option(names = "--snapshots", description = "Also remove the search engine's snapshots of the indexes (rebuilt when needed).")
        boolean snapshots;

        @Option(names = "--directories", description = {"Prune the directories `idbench openldap` keeps instead: always those "
                + "of another configuration and loads killed half-way, then by --older-than and --max-bytes (a budget of their own)."})
        boolean directories;

        @Mixin
        DirectoriesOption directoriesDir;

        @Option(names = "--dry-run", description = "Say what would be removed, and remove nothing.")
        boolean dryRun;

        @Override
        public Integer call() throws Exception {
            if (olderThan == null && maxBytes == null && !snapshots && !directories) {
                throw new ConfigException("prune needs --older-than=<age>, --max-bytes=<size>, --snapshots, --directories or more of"
                        + " them");
            }
            if (directories && snapshots) {
                throw new ConfigException("--snapshots prunes PostgreSQL's datasets' snapshots: run it without --directories");
            }
            Duration age = olderThan == null ? null : age(olderThan);
            long budget = maxBytes == null ? ScenarioConfig.NO_DATASETS_BUDGET : ByteSize.parse("--max-bytes", maxBytes);
            if (maxBytes != null && budget == ScenarioConfig.NO_DATASETS_BUDGET) {
                throw new ConfigException("--max-bytes must be more than 0 (to remove every dataset not in use: --older-than=0d)");
            }
            PrintWriter out = spec.commandLine().getOut();
            if (directories) {
                return pruneDirectories(age, budget, out);
            }
            ScenarioConfig config = dir.config();
            if (olderThan == null && maxBytes == null) {
                return pruneSnapshots(config.pgDataDir(), out);
            }
            int code = withStore(config, out, (store, byRun) -> {
                List<Kept> victims = store.toRemove(age, Instant.now(), budget, 0, null);
                long left = store.bytes() - victims.stream().mapToLong(Kept::bytes).sum();
                if (budget != ScenarioConfig.NO_DATASETS_BUDGET && left > budget) {
                    out.println("The datasets in use take " + ByteSize.format(left) + ", more than " + ByteSize.format(budget)
                            + ": they stay");
                }
                long bytes = victims.stream().mapToLong(Kept::bytes).sum();
                if (victims.isEmpty()) {
                    out.println("Nothing to remove");
                } else if (dryRun) {
                    victims.forEach(k -> out.println("Would remove dataset " + k.describe()));
                    out.println("Would free " + ByteSize.format(bytes) + " (--dry-run: nothing removed)");
                } else {
                    long freed = store.removeAll(victims, out::println);
                    out.println("Freed " + ByteSize.format(freed) + "; " + ByteSize.format(store.bytes()) + " kept");
                }
                out.flush();
                return 0;
            });
            return snapshots ? pruneSnapshots(config.pgDataDir(), out) : code;
        }

        private int pruneDirectories(Duration age, long budget, PrintWriter out) throws IOException {
            List<KeptDirectories> roots = directoriesDir.roots();
            if (roots.isEmpty()) {
                out.println("No directory datasets kept");
            }
            for (KeptDirectories root : roots) {
                List<KeptDirectories.Kept> victims = KeptDirectories.toRemove(root.list(), age, Instant.now(),
                        budget == ScenarioConfig.NO_DATASETS_BUDGET ? -1 : budget);
                long bytes = victims.stream().mapToLong(KeptDirectories.Kept::bytes).sum();
                if (dryRun) {
                    victims.forEach(k -> out.println("Would remove directory dataset " + k.describe()));
                    root.interrupted().forEach(d -> out.println("Would remove an interrupted load: " + d.getFileName()));
                    out.println("Would free " + ByteSize.format(bytes) + " in " + root.root() + " (--dry-run: nothing removed)");
                    continue;
                }
                long freed = root.remove(victims, out::println) + root.removeInterrupted(out::println);
                out.println((freed == 0 ? "Nothing removed" : "Freed " + ByteSize.format(freed)) + " in " + root.root() + "; "
                        + ByteSize.format(root.list().stream().mapToLong(KeptDirectories.Kept::bytes).sum()) + " kept");
            }
            out.flush();
            return 0;
        }

        /** Removes the snapshot repository, unless a run holds the data directory: its engine may be restoring from it. */
        private int pruneSnapshots(Path dataDir, PrintWriter out) throws IOException {
            Path repository = snapshots(dataDir);
            try (ProcessLock free = ProcessLock.acquire(DataDirectoryLock.file(dataDir), Duration.ZERO, holder -> {})) {
                return removeRepository(repository, out);
            } catch (ProcessLock.Busy e) {
                return keepSnapshots(dataDir, e.holder(), out);
            } catch (OverlappingFileLockException e) {
                return keepSnapshots(dataDir, "pid " + ProcessHandle.current().pid() + ", this process", out);
            }
        }

        private static int keepSnapshots(Path dataDir, String holder, PrintWriter out) {
            out.println("The search-engine snapshots stay: a run is using " + dataDir + " (" + holder + "); prune them when it has"
                    + " ended");
            out.flush();
            return 0;
        }

        private int removeRepository(Path repository, PrintWriter out) throws IOException {
            if (!Files.isDirectory(repository)) {
                out.println("No search-engine snapshots in " + repository);
            } else if (dryRun) {
                out.println("Would remove the search-engine snapshots: " + ByteSize.format(FileTrees.size(repository)) + " in "
                        + repository + " (--dry-run: nothing removed)");
            } else {
                long bytes = FileTrees.size(repository);
                FileTrees.delete(repository);
                out.println("Removed the search-engine snapshots: " + ByteSize.format(bytes) + " in " + repository);
            }
            out.flush();
            return 0;
        }

        static Duration age(String text) {
            Matcher m = AGE.matcher(text.strip());
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                return switch (m.group(2)) {
                    case "d" -> Duration.ofDays(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofMinutes(n);
                };
            }
            try {
                return Duration.parse(text.strip());
            } catch (DateTimeParseException e) {
                throw new ConfigException("--older-than must be an age such as 30d, 12h, 90m or P30D, was '" + text + "'");
            }
        }
    }
}
