package io.idbench.config;

/** The identities plan 1 reads, updates and searches. */
public enum HotSet implements Choice {
    /** Those its Populate phase created, as in 2018. */
    POPULATE,
    /** Any of the seeded identities. */
    ALL;

    @Override
    public String toString() {
        return id();
    }

    public static HotSet parse(String text) {
        return Choice.parseInOrder(HotSet.class, "hotset", text);
    }
}
