package io.idbench.cli;

import io.idbench.config.PasswordHash;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.ScenarioConfigBuilder;
import io.idbench.config.Storage;
import picocli.CommandLine.Option;

/** What is stored and seeded: the storage, the dataset (size, dynamic groups) and how passwords are hashed. */
final class DatasetOptions {
    @Option(names = "--storage", paramLabel = "<storage>",
            description = "How identities are stored: jsonb (one jsonb document per identity) or relational "
                    + "(Syncope's EAV tables) (default: ${DEFAULT-VALUE}).")
    String storage;

    @Option(names = "--users", paramLabel = "<n>",
            description = "Identities user.1 … user.<n> of the docs/workload.md profile, seeded by COPY before the service starts, "
                    + "or reused when this dataset is kept (default: ${DEFAULT-VALUE}, at most " + ScenarioConfig.MAX_USERS + ").")
    long users;

    @Option(names = "--dyn", paramLabel = "<true|false>", arity = "1",
            description = "Dynamic memberships: with true the groups type-a … type-j exist, each with the condition "
                    + "userType eq \"Type X\", kept current on every user save; with false they do not (default: ${DEFAULT-VALUE}).")
    boolean dyn;

    @Option(names = "--fresh", description = "Load the dataset again even when it is kept (and replace the kept one).")
    boolean fresh;

    @Option(names = "--users-csv", paramLabel = "<file>",
            description = "Also write the seeded identities' id and userName to this CSV file, with a header line "
                    + "(for JMeter's CSV Data Set).")
    String usersCsv;

    @Option(names = "--password-hash", paramLabel = "<algorithm>",
            description = "How user passwords are stored: ssha256 (salted SHA-256) or bcrypt (default: ${DEFAULT-VALUE}).")
    String passwordHash;

    @Option(names = "--bcrypt-cost", paramLabel = "<cost>", defaultValue = "" + ScenarioConfig.DEFAULT_BCRYPT_COST,
            description = "bcrypt cost factor, 4..31 (default: ${DEFAULT-VALUE}).")
    int bcryptCost;

    ScenarioConfigBuilder apply(ScenarioConfigBuilder b) {
        return b.withStorage(Storage.parse(storage)).withUsers(users).withDyn(dyn).withFresh(fresh).withUsersCsv(usersCsv)
                .withPasswordHash(PasswordHash.parse(passwordHash)).withBcryptCost(bcryptCost);
    }
}
