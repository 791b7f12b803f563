package io.idbench.search.elastic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.SearchMode;
import io.idbench.record.Telemetry;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ResourceType;
import io.idbench.search.SearchHits;
import io.idbench.search.SearchIndex;
import io.idbench.search.SearchIndexException;
import io.idbench.store.StoredResource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiConsumer;
import org.apache.http.HttpHost;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.util.EntityUtils;
import org.elasticsearch.client.Request;
import org.elasticsearch.client.RequestOptions;
import org.elasticsearch.client.Response;
import org.elasticsearch.client.ResponseException;
import org.elasticsearch.client.RestClient;

/**
 * The user index on Elasticsearch or OpenSearch, over the low-level REST client (the same JSON
 * API on both). Writes use external versioning ({@code external_gte}: a membership change
 * re-indexes a user at the same version), so an older version arriving late is refused, and a
 * delete leaves a tombstone one version higher.
 *
 * <p>Why one class of this size: it is the only code that speaks the engines' REST API (index
 * life cycle, versioned writes, bulk, search, scan, snapshots, statistics), with one request
 * helper and one error translation; documents are built by {@link UserDocuments} and queries
 * by {@link ElasticQuery}.
 */
public final class ElasticIndex implements SearchIndex {
    /** Deep pages cost the engine from + size entries; past this window a page is refused (400 tooMany). */
    public static final int MAX_RESULT_WINDOW = 2_000_000;
    /** Documents per {@code _bulk} request: a few MB, the size the engines' docs recommend. */
    public static final int BULK_SIZE = 1000;
    private static final int CONNECT_TIMEOUT_MS = 2_000;
    private static final int SOCKET_TIMEOUT_MS = 30_000;
    /**
     * How long a snapshot or a restore may keep its request waiting for completion: its time grows with the index (ten
     * million identities, about 6 GB, took minutes where one million took 15 s), so the usual socket timeout would fail it
     * while the engine is still copying.
     */
    private static final int SNAPSHOT_TIMEOUT_MS = 60 * 60_000;
    private static final RequestOptions SNAPSHOT_OPTIONS = RequestOptions.DEFAULT.toBuilder()
            .setRequestConfig(RequestConfig.custom().setConnectTimeout(CONNECT_TIMEOUT_MS).setSocketTimeout(SNAPSHOT_TIMEOUT_MS).build())
            .build();
    private static final String SCROLL_KEEP_ALIVE = "2m";

    private final RestClient client;
    private final String url;
    private final String index;
    private final RefreshPolicy refresh;
    private final ObjectMapper json;
    private final UserDocuments documents;
    private final ElasticQuery queries;
    private final SearchMode engine;
    private final String version;
    private final IndexLayout layout;

    private ElasticIndex(String url, String index, RefreshPolicy refresh, IndexLayout layout, ResourceType type, ObjectMapper json) {
        this.url = url;
        this.layout = layout;
        this.index = index;
        this.refresh = refresh;
        this.json = json;
        this.documents = new UserDocuments(type, json);
        this.queries = new ElasticQuery(documents, json);
        // Several URLs are the nodes of one cluster: the client spreads requests over them and skips a node that fails.
        this.client = RestClient.builder(Arrays.stream(url.split(",")).map(String::trim).map(HttpHost::create).toArray(HttpHost[]::new))
                .setRequestConfigCallback(c -> c.setConnectTimeout(CONNECT_TIMEOUT_MS).setSocketTimeout(SOCKET_TIMEOUT_MS))
                .build();
        Product product = product();
        this.engine = product.engine();
        this.version = product.version();
    }

    /**
     * Connects and identifies the engine; fails when nothing answers at {@code url} or when it is
     * not the {@code expectedEngine}.
     */
    public static ElasticIndex connect(String url, SearchMode expectedEngine, String index, RefreshPolicy refresh,
            ResourceType type, ObjectMapper json) {
        return connect(url, expectedEngine, index, refresh, IndexLayout.SINGLE_NODE, type, json);
    }

    /** As above; the index is created with {@code layout}, and {@code url} may list a cluster's nodes, comma-separated. */
    public static ElasticIndex connect(String url, SearchMode expectedEngine, String index, RefreshPolicy refresh,
            IndexLayout layout, ResourceType type, ObjectMapper json) {
        ElasticIndex connected = new ElasticIndex(url, index, refresh, layout, type, json);
        if (connected.engine != expectedEngine) {
            connected.close();
            throw new SearchIndexException(url + " runs " + connected.engine + " " + connected.version + ", not " + expectedEngine);
        }
        return connected;
    }

    /**
     * Elasticsearch's minimal distribution has no {@code GET /}; the nodes API answers on both
     * engines. Elasticsearch is at major 7 to 9, OpenSearch at 1 to 3: the version tells them apart.
     */
    private record Product(SearchMode engine, String version) {
    }

    private Product product() {
        try {
            JsonNode nodes = call("GET", "/_nodes/_local", null, Map.of("filter_path", "nodes.*.version")).path("nodes");
            String v = nodes.elements().hasNext() ? nodes.elements().next().path("version").asText("") : "";
            int major = v.isEmpty() ? -1 : Integer.parseInt(v.substring(0, v.indexOf('.') < 0 ? v.length() : v.indexOf('.')));
            return new Product(major >= 1 && major <= 3 ? SearchMode.OPENSEARCH : SearchMode.ELASTICSEARCH, v);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public SearchMode engine() {
        return engine;
    }

    @Override
    public String description() {
        return engine.productName() + " " + version + " at " + url + ", index "
                + index + ", refresh=" + refresh.id() + (layout.equals(IndexLayout.SINGLE_NODE) ? ""
                        : ", " + layout.shards() + " shards x " + (1 + layout.replicas()) + " copies");
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public boolean exists() {
        try {
            // The client does not throw for 404 on HEAD: the status line tells.
            return client.performRequest(new Request("HEAD", "/" + index)).getStatusLine().getStatusCode() == 200;
        } catch (ResponseException e) {
            if (e.getResponse().getStatusLine().getStatusCode() == 404) {
                return false;
            }
            throw failure("HEAD /" + index, e);
        } catch (IOException e) {
            throw failure("HEAD /" + index, e);
        }
    }

    @Override
    public void create(boolean bulkLoad) {
        ObjectNode body = json.createObjectNode();
        ObjectNode settings = body.putObject("settings").putObject("index");
        settings.put("number_of_shards", layout.shards()).put("number_of_replicas", layout.replicas())
                .put("refresh_interval", bulkLoad ? "-1" : "1s").put("max_result_window", MAX_RESULT_WINDOW);
        if (bulkLoad) {
            // No fsync per bulk request while loading: a load that fails is redone from the database anyway.
            settings.put("translog.durability", "async");
        }
        body.set("mappings", documents.mapping());
        call("PUT", "/" + index, body, Map.of());
    }

    @Override
    public void loaded() {
        ObjectNode body = json.createObjectNode();
        body.putObject("index").put("refresh_interval", "1s").put("translog.durability", "request");
        call("PUT", "/" + index + "/_settings", body, Map.of());
        refresh();
    }

    @Override
    public void drop() {
        try {
            call("DELETE", "/" + index, null, Map.of());
        } catch (SearchIndexException e) {
            if (!exists()) {
                return;
            }
            throw e;
        }
    }

    @Override
    public void index(StoredResource user) {
        write("PUT", user.id(), document(user), user.version());
    }

    @Override
    public void delete(UUID id, long deletedVersion) {
        write("DELETE", id, null, deletedVersion + 1);
    }

    private void write(String method, UUID id, ObjectNode doc, long version) {
        Map<String, String> params = Map.of("version", Long.toString(version), "version_type", "external_gte",
                "refresh", refresh.id());
        try {
            call(method, "/" + index + "/_doc/" + id, doc, params);
        } catch (SearchIndexException e) {
            int status = status(e);
            // 409: a newer version is already there; 404: nothing to delete. Neither is a failure.
            if (status != 409 && !(status == 404 && doc == null)) {
                throw e;
            }
        }
    }

    @Override
    public void bulk(List<StoredResource> users) {
        for (int from = 0; from < users.size(); from += BULK_SIZE) {
            StringBuilder ndjson = new StringBuilder();
            for (StoredResource u : users.subList(from, Math.min(users.size(), from + BULK_SIZE))) {
                ObjectNode action = json.createObjectNode();
                action.putObject("index").put("_index", index).put("_id", u.id().toString())
                        .put("version", u.version()).put("version_type", "external_gte");
                ndjson.append(Json.text(action)).append('\n').append(Json.text(document(u))).append('\n');
            }
            sendBulk(ndjson);
        }
    }

    @Override
    public void remove(Collection<UUID> ids) {
        if (ids.isEmpty()) {
            return;
        }
        StringBuilder ndjson = new StringBuilder();
        for (UUID id : ids) {
            ObjectNode action = json.createObjectNode();
            action.putObject("delete").put("_index", index).put("_id", id.toString());
            ndjson.append(Json.text(action)).append('\n');
        }
        sendBulk(ndjson);
    }

    private void sendBulk(StringBuilder ndjson) {
        Request request = new Request("POST", "/_bulk");
        request.addParameter("refresh", refresh.id());
        request.setJsonEntity(ndjson.toString());
        JsonNode response = perform(request);
        if (!response.path("errors").asBoolean(false)) {
            return;
        }
        for (JsonNode item : response.path("items")) {
            JsonNode result = item.elements().next();
            int status = result.path("status").asInt();
            if (status >= 300 && status != 409 && status != 404) {
                throw new SearchIndexException("Bulk indexing into " + index + " failed for " + result.path("_id").asText()
                        + ": " + result.path("error").path("reason").asText(result.path("error").toString()));
            }
        }
    }

    @Override
    public SearchHits search(ListQuery query) {
        if ((long) query.offset() + query.count() > MAX_RESULT_WINDOW) {
            throw ScimException.tooMany("startIndex + count may not exceed " + MAX_RESULT_WINDOW
                    + " with a search engine; narrow the filter");
        }
        JsonNode response = call("POST", "/" + index + "/_search", queries.search(query), Map.of());
        JsonNode hits = response.path("hits");
        List<UUID> ids = new ArrayList<>();
        for (JsonNode hit : hits.path("hits")) {
            ids.add(UUID.fromString(hit.path("_id").asText()));
        }
        return new SearchHits(ids, hits.path("total").path("value").asLong());
    }

    /** The compiled request body of a list query (for inspection, like EXPLAIN for SQL). */
    public ObjectNode searchRequest(ListQuery query) {
        return queries.search(query);
    }

    @Override
    public Telemetry.SearchIndex stats() {
        // _stats counts Lucene documents, nested ones (e-mails, addresses…) included: the users come from _count.
        JsonNode total = call("GET", "/" + index + "/_stats/docs,store", null, Map.of()).path("_all").path("primaries");
        return new Telemetry.SearchIndex(index, count(), total.path("docs").path("count").asLong(),
                total.path("store").path("size_in_bytes").asLong());
    }

    @Override
    public long count() {
        return call("GET", "/" + index + "/_count", null, Map.of()).path("count").asLong();
    }

    @Override
    public void refresh() {
        call("POST", "/" + index + "/_refresh", null, Map.of());
    }

    @Override
    public void scan(BiConsumer<String, JsonNode> each) {
        ObjectNode body = json.createObjectNode().put("size", BULK_SIZE);
        body.putArray("sort").add("_doc");
        JsonNode page = call("POST", "/" + index + "/_search", body, Map.of("scroll", SCROLL_KEEP_ALIVE));
        String scrollId = page.path("_scroll_id").asText(null);
        try {
            while (page.path("hits").path("hits").size() > 0) {
                for (JsonNode hit : page.path("hits").path("hits")) {
                    each.accept(hit.path("_id").asText(), hit.path("_source"));
                }
                ObjectNode next = json.createObjectNode().put("scroll", SCROLL_KEEP_ALIVE).put("scroll_id", scrollId);
                page = call("POST", "/_search/scroll", next, Map.of());
                scrollId = page.path("_scroll_id").asText(scrollId);
            }
        } finally {
            if (scrollId != null) {
                ObjectNode clear = json.createObjectNode();
                clear.putArray("scroll_id").add(scrollId);
                try {
                    call("DELETE", "/_search/scroll", clear, Map.of());
                } catch (SearchIndexException ignored) {
                    // the scroll expires by itself
                }
            }
        }
    }

    /** The snapshot repository idbench registers (a directory under the engine's path.repo). */
    public static final String REPOSITORY = "idbench-datasets";

    @Override
    public void snapshot(Path location, String name) {
        repository(location);
        unlessMissing("DELETE", "/_snapshot/" + REPOSITORY + "/" + name);
        ObjectNode body = json.createObjectNode().put("indices", index).put("include_global_state", false);
        call("PUT", "/_snapshot/" + REPOSITORY + "/" + name, body, Map.of("wait_for_completion", "true"), SNAPSHOT_OPTIONS);
    }

    @Override
    public boolean restore(Path location, String name) {
        repository(location);
        if (unlessMissing("GET", "/_snapshot/" + REPOSITORY + "/" + name).isEmpty()) {
            return false;
        }
        // The snapshot holds one index: restored under this index's name, whatever it was called then.
        ObjectNode body = json.createObjectNode().put("indices", "*").put("include_global_state", false)
                .put("rename_pattern", "(.+)").put("rename_replacement", index);
        // Replicas are this cluster's choice (a snapshot keeps its shards, which its name holds: see mappingFingerprint).
        body.putObject("index_settings").put("index.number_of_replicas", layout.replicas());
        JsonNode restored = call("POST", "/_snapshot/" + REPOSITORY + "/" + name + "/_restore", body,
                Map.of("wait_for_completion", "true"), SNAPSHOT_OPTIONS);
        if (restored.path("snapshot").path("shards").path("failed").asInt(0) > 0) {
            throw new SearchIndexException("Restoring snapshot " + name + " into " + index + " failed: " + abbreviate(restored.toString()));
        }
        return true;
    }

    /** The engine's answer, or empty when it answers 404 (no such thing). */
    private Optional<JsonNode> unlessMissing(String method, String endpoint) {
        try {
            return Optional.of(call(method, endpoint, null, Map.of()));
        } catch (SearchIndexException e) {
            if (status(e) == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private void repository(Path location) {
        ObjectNode body = json.createObjectNode().put("type", "fs");
        body.putObject("settings").put("location", location.toAbsolutePath().toString());
        call("PUT", "/_snapshot/" + REPOSITORY, body, Map.of());
    }

    @Override
    public String mappingFingerprint() {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(
                    (Json.text(documents.mapping()) + (layout.shards() == 1 ? "" : "|shards=" + layout.shards()))
                            .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public ObjectNode document(StoredResource user) {
        return documents.document(user);
    }

    private JsonNode call(String method, String endpoint, JsonNode body, Map<String, String> params) {
        return call(method, endpoint, body, params, RequestOptions.DEFAULT);
    }

    private JsonNode call(String method, String endpoint, JsonNode body, Map<String, String> params, RequestOptions options) {
        Request request = new Request(method, endpoint);
        request.setOptions(options);
        params.forEach(request::addParameter);
        if (body != null) {
            request.setJsonEntity(Json.text(body));
        }
        return perform(request);
    }

    private JsonNode perform(Request request) {
        try {
            Response response = client.performRequest(request);
            if (response.getEntity() == null) {
                return json.createObjectNode();
            }
            return json.readTree(EntityUtils.toString(response.getEntity()));
        } catch (IOException e) {
            throw failure(request.getMethod() + " " + request.getEndpoint(), e);
        }
    }

    private SearchIndexException failure(String what, IOException e) {
        if (e instanceof ResponseException re) {
            String body = "";
            try {
                body = re.getResponse().getEntity() == null ? "" : EntityUtils.toString(re.getResponse().getEntity());
            } catch (IOException ignored) {
                // the status line says enough
            }
            return new StatusException(what + " at " + url + " answered " + re.getResponse().getStatusLine().getStatusCode()
                    + ": " + abbreviate(body), re.getResponse().getStatusLine().getStatusCode(), e);
        }
        return new SearchIndexException(what + " at " + url + " failed: " + e, e);
    }

    private static int status(SearchIndexException e) {
        return e instanceof StatusException s ? s.status : -1;
    }

    private static String abbreviate(String s) {
        return s.length() <= 400 ? s : s.substring(0, 400) + "…";
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException e) {
            throw new SearchIndexException("Cannot close the client of " + url, e);
        }
    }

    /** The engine answered with an HTTP error status. */
    static final class StatusException extends SearchIndexException {
        final int status;

        StatusException(String message, int status, Throwable cause) {
            super(message, cause);
            this.status = status;
        }
    }
}
