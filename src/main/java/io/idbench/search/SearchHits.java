package io.idbench.search;

import java.util.List;
import java.util.UUID;

/** The ids of one page of matches, in order, and the exact number of matches. */
public record SearchHits(List<UUID> ids, long totalResults) {
}
