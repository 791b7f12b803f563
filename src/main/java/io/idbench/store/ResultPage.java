package io.idbench.store;

import java.util.List;

/** One page of a list request and the total number of matches. */
public record ResultPage(List<StoredResource> resources, long totalResults) {
}
