package io.idbench.service;

import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.support.StartsServers;
import java.util.List;

/**
 * The differential test across search options: over the same identities, SQL search on JSONB is
 * the reference, and Elasticsearch and OpenSearch on both storages must return the same pages,
 * representations and totalResults for every random filter, sort and page.
 */
@StartsServers
class SearchDifferentialTest extends StorageDifferentialTest {
    @Override
    protected List<Service> services() {
        return List.of(new Service(Storage.JSONB, SearchMode.SQL), new Service(Storage.JSONB, SearchMode.ELASTICSEARCH),
                new Service(Storage.JSONB, SearchMode.OPENSEARCH), new Service(Storage.RELATIONAL, SearchMode.ELASTICSEARCH),
                new Service(Storage.RELATIONAL, SearchMode.OPENSEARCH));
    }
}
