package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.config.Provider;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.provision.EmbeddedSearchEngine;
import io.idbench.search.elastic.IndexLayout;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The oracle test against a cluster: two nodes of the embedded Elasticsearch on loopback (small
 * heaps), the index in two shards with one replica each, requests spread over both nodes. Every
 * search still answers what the oracle computes, and the index really lives on both nodes.
 */
@ParameterizedClass(name = "{0}, search {1}, a 2-node cluster")
@MethodSource("io.idbench.support.Backends#jsonbOnElasticsearch")
class ElasticsearchClusterOracleTest extends OracleChecks {
    private static final IndexLayout LAYOUT = new IndexLayout(2, 1);
    private EmbeddedSearchEngine cluster;

    @Override
    protected synchronized String searchUrl() {
        if (cluster == null) {
            cluster = EmbeddedSearchEngine.start(ScenarioConfig.builder().withSearch(SearchMode.ELASTICSEARCH)
                    .withSearchProvider(Provider.EMBEDDED).withSearchNodes(2).withSearchReplicas(1).withSearchShards(2)
                    .withSearchHeap("256m").withPgDataDir("none").build(), "test: a 2-node cluster");
        }
        return cluster.url();
    }

    @Override
    protected IndexLayout searchLayout() {
        return LAYOUT;
    }

    @AfterAll
    void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theClusterHasBothNodesAndEveryShardACopyOnEach() throws Exception {
        List<String> urls = List.of(cluster.url().split(","));
        assertThat(urls).hasSize(2);
        assertThat(cluster.pids()).hasSize(2).doesNotHaveDuplicates();
        String index = indexName();
        // Both nodes answer, and see the same two-node cluster, green: every replica assigned.
        for (String url : urls) {
            JsonNode health = get(url + "/_cluster/health/" + index + "?wait_for_status=green&timeout=30s");
            assertThat(health.path("number_of_nodes").asInt()).as(url).isEqualTo(2);
            assertThat(health.path("status").asText()).as(url).isEqualTo("green");
        }
        JsonNode shards = get(urls.get(0) + "/_cat/shards/" + index + "?format=json&h=shard,prirep,state,node");
        assertThat(shards).as(shards.toString()).hasSize(LAYOUT.shards() * (1 + LAYOUT.replicas()));
        Set<String> nodes = new HashSet<>();
        Set<String> primaries = new HashSet<>();
        Set<String> replicas = new HashSet<>();
        for (JsonNode s : shards) {
            assertThat(s.path("state").asText()).as(s.toString()).isEqualTo("STARTED");
            nodes.add(s.path("node").asText());
            (s.path("prirep").asText().equals("p") ? primaries : replicas).add(s.path("shard").asText() + "@" + s.path("node").asText());
        }
        assertThat(nodes).as("both nodes hold shards").hasSize(2);
        assertThat(primaries).hasSize(2);
        assertThat(replicas).hasSize(2);
        for (String r : replicas) {
            assertThat(primaries).as("a replica never sits on its primary's node").doesNotContain(r);
        }
    }

    private static JsonNode get(String url) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(url + ": " + r.body()).isEqualTo(200);
        return Json.mapper().readTree(r.body());
    }
}
