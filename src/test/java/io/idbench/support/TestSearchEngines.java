package io.idbench.support;

import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.provision.EmbeddedSearchEngine;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One embedded Elasticsearch and one embedded OpenSearch per test JVM, both started the first
 * time either is asked for (side by side: each takes 10 to 30 s), stopped when the JVM exits.
 * Test classes keep apart by using their own index.
 */
public final class TestSearchEngines {
    private static final Map<SearchMode, CompletableFuture<EmbeddedSearchEngine>> ENGINES = new EnumMap<>(SearchMode.class);
    /** The engines' path.repo is the sibling "-search-snapshots" of this (never created) directory. */
    private static final Path SNAPSHOTS_BESIDE = Path.of(System.getProperty("java.io.tmpdir"),
            "idbench-tests-" + ProcessHandle.current().pid());

    /** Where the test engine may write snapshots. */
    public static Path snapshotDir(SearchMode engine) {
        return ScenarioConfig.builder().withSearch(engine).withPgDataDir(SNAPSHOTS_BESIDE.toString()).build().searchSnapshotDir();
    }

    private TestSearchEngines() {
    }

    /** The base URL of the running engine. */
    public static synchronized String url(SearchMode engine) {
        QuickTier.refuseServer("an embedded " + engine);
        if (ENGINES.isEmpty()) {
            for (SearchMode e : new SearchMode[] {SearchMode.ELASTICSEARCH, SearchMode.OPENSEARCH}) {
                // Snapshots go beside a PostgreSQL directory under the temp dir (the tests' PostgreSQL keeps none).
                ScenarioConfig config = ScenarioConfig.builder().withSearch(e).withSearchProvider(Provider.EMBEDDED)
                        .withSearchHeap("512m").withPgDataDir(SNAPSHOTS_BESIDE.toString()).build();
                ENGINES.put(e, CompletableFuture.supplyAsync(() -> EmbeddedSearchEngine.start(config, "tests")));
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> ENGINES.values().forEach(f -> {
                if (!f.isCompletedExceptionally()) {
                    f.join().close();
                }
            })));
        }
        return ENGINES.get(engine).join().url();
    }

    public static synchronized EmbeddedSearchEngine engine(SearchMode engine) {
        QuickTier.refuseServer("an embedded " + engine);
        url(engine);
        return ENGINES.get(engine).join();
    }
}
