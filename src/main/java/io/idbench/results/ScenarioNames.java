package io.idbench.results;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;

/** How scenario names are built (2018's convention): {@code [<plan>-]<storage>[-nodyn][-es|-os]-<size>}. */
public final class ScenarioNames {
    private ScenarioNames() {
    }

    /** The storage x dyn x search part of a scenario name, as 2018 wrote it: {@code jsonb-nodyn-es}. */
    public static String axes(Storage storage, boolean dyn, SearchMode search) {
        return storage.id() + (dyn ? "" : "-nodyn") + search.scenarioSuffix();
    }

    /** The same from the names a parameter list or a record holds; a name that is no choice is a {@code ConfigException}. */
    public static String axes(String storage, boolean dyn, String search) {
        return axes(Storage.parse(storage), dyn, SearchMode.parse(search));
    }

    /** A dataset size as scenario names write it: 1k, 100k, 1m. */
    public static String size(long users) {
        if (users >= 1_000_000 && users % 1_000_000 == 0) {
            return users / 1_000_000 + "m";
        }
        if (users >= 1000 && users % 1000 == 0) {
            return users / 1000 + "k";
        }
        return Long.toString(users);
    }
}
