package io.idbench.search.elastic;

/** How an engine spreads the user index: primary shards, and replicas of each (which need as many more nodes). */
public record IndexLayout(int shards, int replicas) {
    /** One shard, no replica: what a single node can hold whole. */
    public static final IndexLayout SINGLE_NODE = new IndexLayout(1, 0);
}
