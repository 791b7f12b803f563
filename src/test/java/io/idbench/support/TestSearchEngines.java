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

    private TestSearchEngines() {
    }

    /** The base URL of the running engine ("elasticsearch" or "opensearch"). */
    public static synchronized String url(String engine) {
        if (ENGINES.isEmpty()) {
            for (String e : new String[] {"elasticsearch", "opensearch"}) {
                ScenarioConfig config = ScenarioConfig.builder().withSearch(e).withSearchProvider("embedded")
                        .withSearchHeap("512m").build();
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
