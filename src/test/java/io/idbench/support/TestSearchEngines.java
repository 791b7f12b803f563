package io.idbench.support;

import io.idbench.config.ScenarioConfig;
import io.idbench.provision.EmbeddedSearchEngine;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One embedded Elasticsearch and one embedded OpenSearch per test JVM, both started the first
 * time either is asked for (side by side: each takes 10 to 30 s), stopped when the JVM exits.
 * Test classes keep apart by using their own index.
 */
public final class TestSearchEngines {
    private static final Map<String, CompletableFuture<EmbeddedSearchEngine>> ENGINES = new HashMap<>();
    /** The engines' path.repo is the sibling "-search-snapshots" of this (never created) directory. */
    private static final java.nio.file.Path SNAPSHOTS_BESIDE = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"),
            "idbench-tests-" + ProcessHandle.current().pid());

    /** Where the test engine ("elasticsearch" or "opensearch") may write snapshots. */
    public static java.nio.file.Path snapshotDir(String engine) {
        return ScenarioConfig.builder().withSearch(engine).withPgDataDir(SNAPSHOTS_BESIDE.toString()).build().searchSnapshotDir();
    }

    private TestSearchEngines() {
    }

    /** The base URL of the running engine ("elasticsearch" or "opensearch"). */
    public static synchronized String url(String engine) {
        if (ENGINES.isEmpty()) {
            for (String e : new String[] {"elasticsearch", "opensearch"}) {
                // Snapshots go beside a PostgreSQL directory under the temp dir (the tests' PostgreSQL keeps none).
                ScenarioConfig config = ScenarioConfig.builder().withSearch(e).withSearchProvider("embedded")
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

    public static synchronized EmbeddedSearchEngine engine(String engine) {
        url(engine);
        return ENGINES.get(engine).join();
    }
}
