package io.idbench.service;

import java.util.List;

/**
 * The differential test across search options: over the same identities, SQL search on JSONB is
 * the reference, and Elasticsearch and OpenSearch on both storages must return the same pages,
 * representations and totalResults for every random filter, sort and page.
 */
class SearchDifferentialTest extends StorageDifferentialTest {
    @Override
    protected List<Service> services() {
        return List.of(new Service("jsonb", "sql"), new Service("jsonb", "elasticsearch"), new Service("jsonb", "opensearch"),
                new Service("relational", "elasticsearch"), new Service("relational", "opensearch"));
    }
}
