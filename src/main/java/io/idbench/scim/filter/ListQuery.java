package io.idbench.scim.filter;

/**
 * A resolved list request: filter (null = all), sort (null = by id), 1-based start index and
 * page size, both already clamped to the service's limits.
 */
public record ListQuery(Expr filter, SortSpec sort, int startIndex, int count) {

    public int offset() {
        return startIndex - 1;
    }
}
