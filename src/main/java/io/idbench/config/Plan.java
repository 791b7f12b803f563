package io.idbench.config;

import java.util.Locale;

/**
 * The four workloads, one JMeter plan each ({@code jmeter/<id>.jmx}), in the order docs/workload.md numbers them. Their ids
 * are part of scenario names ({@code read-flood-jsonb-nodyn-1m}): a plan other than the first prefixes its scenarios.
 */
public enum Plan implements Choice {
    /** Plan 1, the 2018 study's: create, read, search, update, delete and read by userName, on the identities Populate made. */
    HETEROGENEOUS,
    /** Plan 2: reads of seeded identities by id, closed or at a fixed rate (the open model). */
    READ_FLOOD,
    /** Plan 3: large groups: a page of members, a member count, a user's groups. */
    MEMBERS,
    /** Plan 4: value queries over the profile's attributes, their answers counted exactly. */
    QUERY_VALUES;

    /** heterogeneous, read-flood, members, query-values. */
    @Override
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String toString() {
        return id();
    }

    /** The prefix of this plan's scenario names: none for the first. */
    public String scenarioPrefix() {
        return this == HETEROGENEOUS ? "" : id() + "-";
    }

    public static Plan parse(String text) {
        return Choice.parseInOrder(Plan.class, "plan", text);
    }
}
