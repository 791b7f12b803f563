package io.idbench.results;

/** How scenario names are built (2018's convention): {@code [<plan>-]<storage>[-nodyn][-es|-os]-<size>}. */
public final class ScenarioNames {
    private ScenarioNames() {
    }

    /** The storage x dyn x search part of a scenario name, as 2018 wrote it: {@code jsonb-nodyn-es}. */
    public static String axes(String storage, boolean dyn, String search) {
        String engine = switch (search) {
            case "elasticsearch" -> "-es";
            case "opensearch" -> "-os";
            default -> "";
        };
        return storage + (dyn ? "" : "-nodyn") + engine;
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
