package io.idbench.cli;

import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.ScenarioConfigBuilder;
import picocli.CommandLine.Option;

/** Where PostgreSQL comes from, and how the embedded one is set up. */
final class DatabaseOptions {
    @Option(names = "--db-provider", paramLabel = "<provider>",
            description = "Where PostgreSQL comes from: auto (testcontainers when a container engine answers, else "
                    + "embedded; external with --db-url), embedded, testcontainers or external (default: ${DEFAULT-VALUE}).")
    String dbProvider;

    @Option(names = "--db-url", paramLabel = "<jdbc-url>",
            description = "External PostgreSQL, e.g. jdbc:postgresql://127.0.0.1:15432/idbench (default: auto). "
                    + "A dataset is seeded into that database itself.")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "<user>",
            description = "User for --db-url (default: ${DEFAULT-VALUE}).")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "<password>", defaultValue = "",
            description = "Password for --db-url (default: empty).")
    String dbPassword;

    @Option(names = "--pg-data-dir", paramLabel = "<dir>",
            description = "Data directory of the embedded PostgreSQL, kept between runs with every seeded dataset in it, "
                    + "or none for a throw-away one (default: ${DEFAULT-VALUE}).")
    String pgDataDir;

    @Option(names = "--pg-shared-buffers", paramLabel = "<size>",
            description = "shared_buffers of the embedded PostgreSQL (default: ${DEFAULT-VALUE}).")
    String pgSharedBuffers;

    @Option(names = "--pg-memory", paramLabel = "<size>",
            description = "The most memory PostgreSQL's processes may use, the page cache of its files included, e.g. 1GB: "
                    + "its data then no longer fits in memory on purpose (a memory cgroup: Linux, as root; a container's memory "
                    + "limit with testcontainers). none: the machine's (default: ${DEFAULT-VALUE}).")
    String pgMemory;

    @Option(names = "--pg-data-dir-wait", paramLabel = "<seconds>",
            description = "How long to wait for another idbench run that is using --pg-data-dir, saying for whom, before giving up "
                    + "(default: ${DEFAULT-VALUE}).")
    int pgDataDirWait;

    @Option(names = "--datasets-max-bytes", paramLabel = "<size>",
            description = "The most the datasets kept in --pg-data-dir may take on disk, e.g. 50GB: before a new dataset is seeded, "
                    + "the least recently used others are removed until it fits (default: no bound; see idbench datasets).")
    String datasetsMaxBytes;

    @Option(names = "--pg-image", paramLabel = "<image>", defaultValue = "${env:IDBENCH_PG_IMAGE:-" + ScenarioConfig.DEFAULT_PG_IMAGE + "}",
            description = "PostgreSQL image for the testcontainers provider (default: ${DEFAULT-VALUE}; env IDBENCH_PG_IMAGE).")
    String pgImage;

    ScenarioConfigBuilder apply(ScenarioConfigBuilder b) {
        return b.withDbProvider(Provider.parse("db provider", dbProvider)).withDbUrl(dbUrl).withDbUser(dbUser).withDbPassword(dbPassword)
                .withPgDataDir(pgDataDir).withPgSharedBuffers(pgSharedBuffers).withPgMemory(pgMemory).withPgImage(pgImage)
                .withDatasetsMaxBytes(ScenarioConfig.datasetsBudget(datasetsMaxBytes)).withPgDataDirWaitSeconds(pgDataDirWait);
    }
}
