package io.idbench.scim.filter;

/**
 * {@code sortBy} / {@code sortOrder} resolved. When {@code key.attribute()} is multi-valued, the
 * key is its primary value or else its first (RFC 7644 §3.4.2.3). Missing values sort last;
 * ties are broken by id so pages are stable.
 */
public record SortSpec(AttrRef key, boolean descending) {
}
