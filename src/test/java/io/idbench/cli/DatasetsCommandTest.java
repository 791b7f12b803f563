package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.ScenarioConfig;
import io.idbench.provision.EmbeddedPostgresProvider;
import io.idbench.seed.DatasetStore;
import io.idbench.support.StartsServers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code idbench datasets} and its prune, as a user runs them: on a directory, through a live run's server, bad input. */
@StartsServers
class DatasetsCommandTest {
    private final CommandRun cli = new CommandRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int datasets(String... args) {
        return cli.execute("datasets", args);
    }

    @Test
    void aDirectoryNeverSeededHoldsNoDatasets(@TempDir Path tmp) {
        assertThat(datasets("--pg-data-dir=" + tmp.resolve("pg"), "--directory-datasets-dir=" + tmp.resolve("ldap"))).isZero();
        assertThat(out.toString()).isEqualTo("No datasets kept: " + tmp.resolve("pg") + " does not exist yet (the first seed creates it)\n"
                + "No directory datasets kept in " + tmp.resolve("ldap") + "\n");
    }

    @Test
    void whileARunHoldsTheDirectoryItWorksThroughItsServer(@TempDir Path tmp) {
        Path dir = tmp.resolve("pg");
        try (EmbeddedPostgresProvider run = EmbeddedPostgresProvider.start(ScenarioConfig.builder().withPgSharedBuffers("128MB")
                .withPgDataDir(dir.toString()).build(), "a run")) {
            assertThat(datasets("--pg-data-dir=" + dir, "--directory-datasets-dir=" + tmp.resolve("ldap"))).isZero();
            assertThat(out.toString()).isEqualTo("A run is using " + dir + ": working through its PostgreSQL\nNo datasets kept in " + dir
                    + "\nNo directory datasets kept in " + tmp.resolve("ldap") + "\n");
            cli.clear();
            assertThat(datasets("prune", "--pg-data-dir=" + dir, "--older-than=0d", "--dry-run")).isZero();
            assertThat(out.toString()).endsWith("Nothing to remove\n");
        }
        cli.clear();
        assertThat(datasets("--pg-data-dir=" + dir, "--directory-datasets-dir=" + tmp.resolve("ldap"))).as("on a server started for the"
                + " listing").isZero();
        assertThat(out.toString())
                .isEqualTo("No datasets kept in " + dir + "\nNo directory datasets kept in " + tmp.resolve("ldap") + "\n");
    }

    @Test
    void theEngineSnapshotsArePrunedOnlyWhileNoRunUsesTheDirectory(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("pg");
        Path snapshots = tmp.resolve("pg-search-snapshots");
        Files.createDirectories(snapshots.resolve("indices"));
        Files.write(snapshots.resolve("indices/segment"), new byte[1 << 20]);
        try (EmbeddedPostgresProvider run = EmbeddedPostgresProvider.start(ScenarioConfig.builder().withPgSharedBuffers("128MB")
                .withPgDataDir(dir.toString()).build(), "a run")) {
            assertThat(datasets("--pg-data-dir=" + dir, "--directory-datasets-dir=" + tmp.resolve("ldap"))).isZero();
            assertThat(out.toString()).endsWith("Search-engine snapshots of these datasets' indexes beside them: 1.0 MiB in " + snapshots
                    + " (datasets prune --snapshots)\nNo directory datasets kept in " + tmp.resolve("ldap") + "\n");
            cli.clear();
            assertThat(datasets("prune", "--pg-data-dir=" + dir, "--snapshots")).isZero();
            assertThat(out.toString()).startsWith("The search-engine snapshots stay: a run is using " + dir + " (pid "
                    + ProcessHandle.current().pid()).endsWith("); prune them when it has ended\n");
            assertThat(snapshots.resolve("indices/segment")).exists();
        }
        cli.clear();
        assertThat(datasets("prune", "--pg-data-dir=" + dir, "--snapshots", "--dry-run")).isZero();
        assertThat(out.toString()).isEqualTo("Would remove the search-engine snapshots: 1.0 MiB in " + snapshots
                + " (--dry-run: nothing removed)\n");
        assertThat(snapshots.resolve("indices/segment")).exists();
        cli.clear();
        assertThat(datasets("prune", "--pg-data-dir=" + dir, "--snapshots")).isZero();
        assertThat(out.toString()).isEqualTo("Removed the search-engine snapshots: 1.0 MiB in " + snapshots + "\n");
        assertThat(snapshots).doesNotExist();
        cli.clear();
        assertThat(datasets("prune", "--pg-data-dir=" + dir, "--snapshots")).isZero();
        assertThat(out.toString()).isEqualTo("No search-engine snapshots in " + snapshots + "\n");
    }

    @Test
    void theRunsOwnCopiesAreListedBesideTheDatasets(@TempDir Path tmp) throws Exception {
        StringWriter listing = new StringWriter();
        PostgresDatasets.print(tmp, List.of(), List.of(new DatasetStore.Copy("idbench", "idbset_jsonb_10000000", 19L << 30, false),
                new DatasetStore.Copy("keycloak", "idbset_keycloak_26_7_3_200000_g1", 973L << 20, false)), false,
                new PrintWriter(listing));
        assertThat(listing.toString()).isEqualTo("No datasets kept in " + tmp + "\n"
                + "The runs' own copies of datasets: 2, 20 GiB on disk (each run makes its own; datasets prune removes those no run is"
                + " using)\n"
                + "     19 GiB          idbench, a copy of idbset_jsonb_10000000\n"
                + "    973 MiB          keycloak, a copy of idbset_keycloak_26_7_3_200000_g1\n");
    }

    @Test
    void badInputIsOneLineAndExit2() {
        assertThat(datasets("prune")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("idbench: prune needs --older-than=<age>, --max-bytes=<size>, --snapshots, --directories or more of them\n");
        cli.clear();
        assertThat(datasets("prune", "--directories", "--snapshots")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("idbench: --snapshots prunes PostgreSQL's datasets' snapshots: run it without --directories\n");
        cli.clear();
        assertThat(datasets("prune", "--older-than=soon")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("idbench: --older-than must be an age such as 30d, 12h, 90m or P30D, was 'soon'\n");
        cli.clear();
        assertThat(datasets("prune", "--max-bytes=lots")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("idbench: --max-bytes must be a size such as 500MB, 20GB or a number of bytes, was 'lots'\n");
        cli.clear();
        assertThat(datasets("prune", "--max-bytes=0")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("idbench: --max-bytes must be more than 0 (to remove every dataset not in use: --older-than=0d)\n");
        cli.clear();
        assertThat(datasets("--pg-data-dir=none")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("idbench: --pg-data-dir=none keeps no datasets: name the directory that keeps them\n");
    }

    @Test
    void directoryDatasetsArePrunedWithoutAnyPostgresql(@TempDir Path tmp) throws Exception {
        Path ldap = tmp.resolve("ldap");
        Path stale = Files.createDirectories(ldap.resolve("openldap_10_g1_00000000"));
        Files.write(stale.resolve("data.mdb"), new byte[1 << 20]);
        Files.writeString(stale.resolve("seed.json"),
                "{\"dataset\":\"openldap_10_g1_00000000\",\"users\":10,\"at\":\"2026-11-01T00:00:00Z\"}");
        assertThat(datasets("--pg-data-dir=" + tmp.resolve("pg"), "--directory-datasets-dir=" + ldap)).isZero();
        assertThat(out.toString()).contains("Directory datasets (OpenLDAP) kept in " + ldap + ": 1, 1.0 MiB on disk\n")
                .containsPattern("\n +10 +g1 +1\\.0 MiB +2026-11-01 00:00 +\\S+ \\S+ +no +openldap_10_g1_00000000\n")
                .endsWith("  Not current: made by another schema, other indexes or another generator; no run copies them again"
                        + " (datasets prune --directories removes them)\n");
        cli.clear();
        assertThat(datasets("prune", "--directories", "--directory-datasets-dir=" + ldap, "--dry-run")).isZero();
        assertThat(out.toString()).startsWith("Would remove directory dataset openldap_10_g1_00000000 (1.0 MiB, last used ")
                .endsWith(", of another configuration)\nWould free 1.0 MiB in " + ldap + " (--dry-run: nothing removed)\n");
        assertThat(stale).exists();
        cli.clear();
        assertThat(datasets("prune", "--directories", "--directory-datasets-dir=" + ldap, "--pg-data-dir=" + tmp.resolve("pg"))).isZero();
        assertThat(out.toString()).endsWith("Freed 1.0 MiB in " + ldap + "; 0 B kept\n");
        assertThat(stale).doesNotExist();
        assertThat(tmp.resolve("pg")).as("no PostgreSQL was started").doesNotExist();
    }

    @Test
    void agesAreDaysHoursMinutesOrIso() {
        assertThat(DatasetsCommand.Prune.age("30d")).isEqualTo(Duration.ofDays(30));
        assertThat(DatasetsCommand.Prune.age("12h")).isEqualTo(Duration.ofHours(12));
        assertThat(DatasetsCommand.Prune.age("90m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(DatasetsCommand.Prune.age("P2DT3H")).isEqualTo(Duration.ofHours(51));
    }
}
