package io.idbench.cli;

import io.idbench.config.Provider;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.ScenarioConfigBuilder;
import io.idbench.config.SearchMode;
import picocli.CommandLine.Option;

/** Who answers user searches, and where a search engine comes from. */
final class SearchOptions {
    @Option(names = "--search", paramLabel = "<search>",
            description = "Who answers user searches: sql (the storage's own queries), elasticsearch or opensearch "
                    + "(default: ${DEFAULT-VALUE}).")
    String search;

    @Option(names = "--search-provider", paramLabel = "<provider>",
            description = "Where the search engine comes from: auto (testcontainers when a container engine answers, "
                    + "else embedded; external with --search-url), embedded, testcontainers or external (default: ${DEFAULT-VALUE}).")
    String searchProvider;

    @Option(names = "--search-url", paramLabel = "<url>",
            description = "External engine, e.g. http://127.0.0.1:19200 (docker-compose.yml starts one), or the nodes of one "
                    + "cluster, comma-separated (requests are spread over them).")
    String searchUrl;

    @Option(names = "--search-refresh", paramLabel = "<policy>",
            description = "What a search sees right after a write: false (within the 1 s refresh interval), wait_for "
                    + "(writes wait for it) or true (a refresh per write) (default: ${DEFAULT-VALUE}). "
                    + "Lookups by a unique key (userName eq …) always read the database.")
    String searchRefresh;

    @Option(names = "--search-index", paramLabel = "<name>", defaultValue = ScenarioConfig.DEFAULT_SEARCH_INDEX,
            description = "Name of the user index (default: ${DEFAULT-VALUE}).")
    String searchIndex;

    @Option(names = "--search-heap", paramLabel = "<size>",
            description = "JVM heap of an embedded or containerised engine (default: ${DEFAULT-VALUE}).")
    String searchHeap;

    @Option(names = "--search-memory", paramLabel = "<size>",
            description = "The most memory the engine's processes may use (all its nodes), their heaps and the page cache of "
                    + "the index's files included, e.g. 2GB: its index then no longer fits in memory on purpose (a memory cgroup: "
                    + "Linux, as root; a container's memory limit with testcontainers). none: the machine's (default: "
                    + "${DEFAULT-VALUE}).")
    String searchMemory;

    @Option(names = "--search-nodes", paramLabel = "<n>",
            description = "Nodes of the embedded engine, a cluster on loopback when more than 1, each with --search-heap "
                    + "(default: ${DEFAULT-VALUE}, at most " + ScenarioConfig.MAX_SEARCH_NODES + ").")
    int searchNodes;

    @Option(names = "--search-shards", paramLabel = "<n>",
            description = "Primary shards of the user index (default: ${DEFAULT-VALUE}).")
    int searchShards;

    @Option(names = "--search-replicas", paramLabel = "<n>",
            description = "Replicas of each shard of the user index; the embedded engine needs one node more than replicas "
                    + "(default: ${DEFAULT-VALUE}).")
    int searchReplicas;

    @Option(names = "--search-home", paramLabel = "<dir>",
            description = "Directory holding the unpacked engines (default: the build's target/search-dist).")
    String searchHome;

    @Option(names = "--elasticsearch-image", paramLabel = "<image>",
            defaultValue = "${env:IDBENCH_ELASTICSEARCH_IMAGE:-" + ScenarioConfig.DEFAULT_ELASTICSEARCH_IMAGE + "}",
            description = "Elasticsearch image for the testcontainers provider (default: ${DEFAULT-VALUE}).")
    String elasticsearchImage;

    @Option(names = "--opensearch-image", paramLabel = "<image>",
            defaultValue = "${env:IDBENCH_OPENSEARCH_IMAGE:-" + ScenarioConfig.DEFAULT_OPENSEARCH_IMAGE + "}",
            description = "OpenSearch image for the testcontainers provider (default: ${DEFAULT-VALUE}).")
    String opensearchImage;

    ScenarioConfigBuilder apply(ScenarioConfigBuilder b) {
        return b.withSearch(SearchMode.parse(search)).withSearchProvider(Provider.parse("search provider", searchProvider))
                .withSearchUrl(searchUrl).withSearchRefresh(RefreshPolicy.parse(searchRefresh))
                .withSearchIndex(searchIndex).withSearchHeap(searchHeap).withSearchMemory(searchMemory)
                .withSearchNodes(searchNodes).withSearchShards(searchShards).withSearchReplicas(searchReplicas).withSearchHome(searchHome)
                .withElasticsearchImage(elasticsearchImage).withOpensearchImage(opensearchImage);
    }
}
