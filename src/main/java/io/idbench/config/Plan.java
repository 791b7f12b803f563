package io.idbench.config;

import java.util.Locale;

/**
 * The workloads, one JMeter plan each ({@code jmeter/<id>.jmx}, and {@code jmeter/ldap-<id>.jmx} over LDAP), in the order
 * docs/workload.md numbers them. Their ids are part of scenario names ({@code read-flood-jsonb-nodyn-1m}): a plan other than
 * the default prefixes its scenarios. What a run does differently for a plan is one of its traits, never its name
 * (docs/adding-a-plan.md).
 */
public enum Plan implements Choice {
    /** Plan 1, the 2018 study's: create, read, search, update, delete and read by userName, on the identities Populate made. */
    HETEROGENEOUS(Seeded.OPTIONAL, Model.CLOSED, Inputs.NONE, Login.PASSWORD_GRANT, Study.OWN_PAGES,
            Stages.TOGETHER, Duet.PER_SIDE_HOT_SETS, "the Apache Syncope study of 2018"),
    /** Plan 2: reads of seeded identities by id, closed or at a fixed rate (the open model). */
    READ_FLOOD(Seeded.REQUIRED, Model.CLOSED_OR_OPEN, Inputs.NONE, Login.STATIC_TOKEN, Study.AGAINST_SIZE,
            Stages.TOGETHER, Duet.NONE, "the Apicurio Registry claim: read latency does not depend on the size"),
    /** Plan 3: large groups: a page of members, a member count, a user's groups. */
    MEMBERS(Seeded.REQUIRED, Model.CLOSED, Inputs.NONE, Login.STATIC_TOKEN, Study.AGAINST_SIZE, Stages.TOGETHER,
            Duet.NONE, "groups with very many members"),
    /** Plan 4: value queries over the profile's attributes, their answers counted exactly. */
    QUERY_VALUES(Seeded.REQUIRED, Model.CLOSED, Inputs.QUERY_ANSWERS, Login.STATIC_TOKEN, Study.THREADS_BY_SIZE,
            Stages.TOGETHER, Duet.NONE, "as the Stellio NGSI-LD study reported it"),
    /**
     * Plan 5: provisioning cycles as Entra ID or Okta send them (client), each job paced, each cycle audited; users is how many
     * it provisions.
     */
    PROVISIONING(Seeded.NEVER, Model.PACED, Inputs.PROVISIONING_SCHEDULE, Login.STATIC_TOKEN, Study.CYCLES,
            Stages.TOGETHER, Duet.NONE, "the provisioning clients Microsoft Entra ID and Okta"),
    /**
     * Plan 6: the Keycloak team's SCIM benchmark: five reads of seeded identities, each on its own with every thread, over SCIM
     * and (Keycloak) over its Admin REST API.
     */
    KEYCLOAK_TEAM(Seeded.REQUIRED, Model.CLOSED, Inputs.NONE, Login.STATIC_TOKEN, Study.BESIDE_PUBLISHED,
            Stages.ONE_AT_A_TIME, Duet.NONE, "the Keycloak team's SCIM benchmark (keycloak/keycloak#48803)");

    /** The plan of a run that names none: the 2018 study's, whose scenarios carry no prefix. */
    public static final Plan DEFAULT = HETEROGENEOUS;
    /** The plan the 2018 Syncope study measured, which the site sets beside its published figures. */
    public static final Plan STUDY_2018 = HETEROGENEOUS;

    /**
     * Whether the plan needs identities seeded before it runs (users > 0), can make its own, or never works on seeded ones
     * (users is then how many it makes, and the target starts empty).
     */
    public enum Seeded {
        OPTIONAL, REQUIRED, NEVER
    }

    /**
     * The workload models it offers: threads looping (closed), also a fixed arrival rate (open, {@code -Drate}), or each
     * thread paced at a rate of its own (a provisioning job: its samples are not cut to the span all threads ran).
     */
    public enum Model {
        CLOSED, CLOSED_OR_OPEN, PACED
    }

    /**
     * What the run computes for it beforehand: nothing, the exact answers of plan 4's queries for the seeded size, or plan 5's
     * schedule of provisioning steps per job (and the state each cycle must leave).
     */
    public enum Inputs {
        NONE, QUERY_ANSWERS, PROVISIONING_SCHEDULE
    }

    /** How its threads authenticate to idbench's service: the token given, or a login first (the 2018 "Authenticate user"). */
    public enum Login {
        STATIC_TOKEN, PASSWORD_GRANT
    }

    /**
     * How the site's studies page shows its runs: not at all (plan 1 has the findings, scaling and 2018 pages), each
     * operation's figures against the size, a table of threads by size per operation (as Stellio reported its study), plan 5's
     * cycles, or each operation against the size beside the figures its origin published (plan 6: the Keycloak team's).
     */
    public enum Study {
        OWN_PAGES, AGAINST_SIZE, THREADS_BY_SIZE, CYCLES, BESIDE_PUBLISHED
    }

    /**
     * Whether its operations run together in every iteration, or one at a time, every thread in the same one (plan 6): then
     * each operation's span is its own, and the record keeps each one's CPU per request and SQL.
     */
    public enum Stages {
        TOGETHER, ONE_AT_A_TIME
    }

    /**
     * Whether versus.mode=duet can measure both sides at once on it, half the threads each: only where each side's threads work
     * on hot sets made for that side (plan 1), so that neither reads or changes what the other wrote.
     */
    public enum Duet {
        PER_SIDE_HOT_SETS, NONE
    }

    private final Seeded seeded;
    private final Model model;
    private final Inputs inputs;
    private final Login login;
    private final Study study;
    private final Stages stages;
    private final Duet duet;
    private final String origin;

    Plan(Seeded seeded, Model model, Inputs inputs, Login login, Study study, Stages stages, Duet duet, String origin) {
        this.seeded = seeded;
        this.model = model;
        this.inputs = inputs;
        this.login = login;
        this.study = study;
        this.stages = stages;
        this.duet = duet;
        this.origin = origin;
    }

    /** heterogeneous, read-flood, members, query-values, provisioning, keycloak-team. */
    @Override
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Its number in docs/workload.md: plan 1 … */
    public int number() {
        return ordinal() + 1;
    }

    @Override
    public String toString() {
        return id();
    }

    /** The prefix of this plan's scenario names: none for the default plan. */
    public String scenarioPrefix() {
        return this == DEFAULT ? "" : id() + "-";
    }

    /** Whether it works on seeded identities only (it refuses users=0). */
    public boolean needsSeededIdentities() {
        return seeded == Seeded.REQUIRED;
    }

    /** Whether the target starts empty whatever users says (users is then how many identities the plan makes). */
    public boolean neverSeeded() {
        return seeded == Seeded.NEVER;
    }

    /** Whether its threads keep a pace of their own: every sample counts, none is cut to the span all threads ran together. */
    public boolean paced() {
        return model == Model.PACED;
    }

    /** Whether it can run at a fixed arrival rate ({@code -Drate}) besides threads looping. */
    public boolean offersOpenModel() {
        return model == Model.CLOSED_OR_OPEN;
    }

    public Inputs inputs() {
        return inputs;
    }

    public Login login() {
        return login;
    }

    public Study study() {
        return study;
    }

    public Stages stages() {
        return stages;
    }

    public Duet duet() {
        return duet;
    }

    /** The published study or claim it reproduces, as the site heads its section. */
    public String origin() {
        return origin;
    }

    public static Plan parse(String text) {
        return Choice.parseInOrder(Plan.class, "plan", text);
    }
}
