package io.idbench.cli;

import io.idbench.config.ScenarioConfig;
import picocli.CommandLine.Mixin;

/** The options serve and seed share: the dataset, the search mode and engine, the database. */
final class StackOptions {
    @Mixin
    DatasetOptions dataset;

    @Mixin
    SearchOptions search;

    @Mixin
    DatabaseOptions database;

    /** Applies all three to a configuration being built. */
    ScenarioConfig.Builder apply(ScenarioConfig.Builder b) {
        return database.apply(search.apply(dataset.apply(b)));
    }
}
