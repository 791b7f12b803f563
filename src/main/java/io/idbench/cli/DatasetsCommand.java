package io.idbench.cli;

import io.idbench.config.ByteSize;
import io.idbench.config.ConfigException;
import io.idbench.config.ScenarioConfig;
import io.idbench.targets.ldap.KeptDirectories;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code idbench datasets}: everything idbench keeps between runs, listed store by store ({@link PostgresDatasets}, the
 * engine's {@link SearchSnapshots} beside them, OpenLDAP's {@link DirectoryDatasets}); {@code prune} removes by age or to a
 * budget. This class holds the options and says which store does what.
 */
@Command(name = "datasets", mixinStandardHelpOptions = true, defaultValueProvider = ParameterDefaults.class, sortOptions = false,
        description = {"Lists the datasets the embedded PostgreSQL keeps in --pg-data-dir, the least recently used first.",
                "For each: storage, identities, dynamic memberships, generator version, size on disk, when it was loaded",
                "and last used, and whether a run is using it. While a run holds the directory, the list comes from",
                "that run's server and marks the dataset it serves; otherwise a server is started on the directory",
                "for the listing (a few seconds). `datasets prune` removes datasets by age or down to a size budget;",
                "a run keeps the store within a budget by itself with -Ddatasets.maxBytes (--datasets-max-bytes).",
                "Then the directories `idbench openldap` keeps (OpenLDAP's MDB files, one per size): `datasets prune",
                "--directories` removes those no run copies again, and by age or to a budget.",
                "Each run serves its own copy of its dataset (as large as the dataset); the copies are listed beside the",
                "datasets, and any prune removes those no run is using. A comparison's other side keeps its datasets in",
                "<dir>-versus: listed and pruned with the directory."},
        subcommands = DatasetsCommand.Prune.class,
        footer = {"", "Examples:", "  java -jar target/idbench.jar datasets",
                "  java -jar target/idbench.jar datasets prune --older-than=30d --dry-run",
                "  java -jar target/idbench.jar datasets prune --max-bytes=50GB",
                "  java -jar target/idbench.jar datasets prune --directories --older-than=30d"})
public final class DatasetsCommand implements Callable<Integer> {
    /** How the listings write a moment: minutes, UTC. */
    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
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

        /** The directory, and its comparisons' other side's beside it when there is one: that server keeps its own copies. */
        List<ScenarioConfig> configs() {
            ScenarioConfig config = config();
            Path other = Path.of(config.pgDataPath() + ScenarioConfig.OTHER_SIDE_SUFFIX);
            return Files.isDirectory(other) ? List.of(config, ScenarioConfig.builder().withPgDataDir(other.toString()).build())
                    : List.of(config);
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int code = 0;
        for (ScenarioConfig config : dir.configs()) {
            code = Math.max(code, PostgresDatasets.list(config, out));
        }
        DirectoryDatasets.list(directories.roots(), out);
        return code;
    }

    /** {@code idbench datasets prune}. */
    @Command(name = "prune", mixinStandardHelpOptions = true, defaultValueProvider = ParameterDefaults.class, sortOptions = false,
            description = {"Removes kept datasets by age or down to a size budget.",
                    "First those not used for --older-than, then the least recently used until the rest fit in",
                    "--max-bytes. A dataset a run is using is never removed; the runs' own copies of datasets are removed",
                    "whenever no run is using them (no run reuses one). --snapshots also removes the search",
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
                return DirectoryDatasets.prune(directoriesDir.roots(), age, budget, dryRun, out);
            }
            ScenarioConfig config = dir.config();
            if (olderThan == null && maxBytes == null) {
                return SearchSnapshots.prune(config.pgDataPath(), dryRun, out);
            }
            int code = 0;
            for (ScenarioConfig side : dir.configs()) {
                code = Math.max(code, PostgresDatasets.prune(side, age, budget, dryRun, out));
            }
            return snapshots ? Math.max(code, SearchSnapshots.prune(config.pgDataPath(), dryRun, out)) : code;
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
