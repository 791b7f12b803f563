package io.idbench.cli;

import io.idbench.config.ScenarioConfigBuilder;
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
    ScenarioConfigBuilder apply(ScenarioConfigBuilder b) {
        return database.apply(search.apply(dataset.apply(b)));
    }
}
