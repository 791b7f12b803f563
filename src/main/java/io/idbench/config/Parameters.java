package io.idbench.config;

import io.idbench.config.Parameter.Bounds;
import io.idbench.config.Parameter.Role;
import io.idbench.config.Parameter.Type;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Every parameter a run knows, declared once: its name, type, default, bounds and role, in the order docs/parameters.md
 * lists them (that table is written from this one: {@code ParametersDoc}). The record's shape, the questions' axes and
 * load, the like-with-like rules, the options of {@code idbench serve} a run passes and the disk estimate all read it.
 */
public final class Parameters {
    /** The parameter that names the scenario; the one that sizes its dataset (the only service setting any target takes). */
    public static final String SCENARIO = "scenario";
    public static final String USERS = "users";
    /** The scenario of a plain {@code mvn verify}: small, the 2018 plan, no search engine. */
    public static final String DEFAULT_SCENARIO = "jsonb-nodyn-1k";
    /** The most replicas of the service a run starts (instances): each is a JVM with its own heap and pool. */
    public static final int MAX_INSTANCES = 8;
    private static final double NO_MAX = Double.POSITIVE_INFINITY;

    public static final List<Parameter> ALL = List.of(
            text("scenario", DEFAULT_SCENARIO, Role.OPTION, "the scenario: `parameters/<scenario>.properties`"),
            choice("plan", Plan.class, Plan.DEFAULT, Role.WORKLOAD, "the JMeter plan, `jmeter/<plan>.jmx`"),
            whole("threads", 10, Role.LOAD, "concurrent JMeter threads (the open model's thread pool; plan 5's provisioning jobs)", 1,
                    1000),
            whole("loops", 30, Role.LOAD, "measured iterations per thread; ignored when `duration` > 0", 1, 1_000_000),
            whole("duration", 0, Role.LOAD, "seconds each thread is measured instead of a loop count", 0, 86_400),
            whole("rampup", 10, Role.LOAD, "seconds over which the threads start", 0, 3600),
            whole("warmup", 5, Role.LOAD, "the shortest warm-up of each repetition, seconds (recorded as `warmup`, not measured)", 0,
                    3600),
            number("rewarm", "1", Role.OPTION, "the warm-up of each later repetition of a side that was steady before, seconds: the"
                    + " JVMs stay warm between repetitions, so it only re-establishes the flow, and ends once both JITs were quiet over"
                    + " it ([measured](measurement.md))", 0.2, 3600),
            whole("warmupMax", 180, Role.OPTION, "the longest: a repetition measures after this even if the service never got steady",
                    0, 3600),
            number("steadyPct", "5", Role.OPTION, "steady: the last 6 s of throughput within this % of the 6 s before, and both JVMs'"
                    + " JIT quiet ([how](measurement.md))", 0.1, 100),
            choice("hotset", HotSet.class, HotSet.POPULATE, Role.LOAD, "plan 1's targets: the identities Populate created (2018), or"
                    + " all seeded ones"),
            whole("rate", 0, Role.LOAD, "requests/s of plan read-flood's open workload (0: the closed model)", 0, 100_000),
            choice("client", ProvisioningClient.class, ProvisioningClient.ENTRA, Role.WORKLOAD, "plan 5 (`provisioning`): the"
                    + " provisioning client it speaks as: Entra ID's default job, Entra ID with `aadOptscim062020` (`entra-2020`) or"
                    + " Okta ([workload.md](workload.md))").later(),
            whole("provisioning.groups", 100, Role.LOAD, "plan 5: groups of the initial cycle, each user a member of one, at most"
                    + " `users`", 1, 1_000_000).later(),
            whole("provisioning.cycles", 1, Role.LOAD, "plan 5: incremental cycles after the initial one", 1, 100).later(),
            whole("provisioning.changes", 5000, Role.LOAD, "plan 5: changes per incremental cycle (Entra ID fits fewer than 5,000 in"
                    + " one)", 1, 1_000_000).later(),
            text("provisioning.mix", CycleMix.DEFAULT.csv(), Role.LOAD, "plan 5: an incremental cycle's changes in %: updates,"
                    + " joiners, movers, deactivations, deletes, adding up to 100, or named (`updates=70,movers=30`); an assumption,"
                    + " nobody publishes one; for `okta` the default's deletes are deactivations (it never deletes)").later(),
            whole("provisioning.rate", 25, Role.LOAD, "plan 5: requests/s of each job (`threads` jobs), a fixed arrival rate; 25 is"
                    + " what Entra ID requires a gallery application to sustain per tenant; 0: as fast as the target answers; more"
                    + " than 2,000/s per core in all is refused", 0, 10_000).later(),
            whole("provisioning.present", 0, Role.LOAD, "plan 5: % of the users that exist before the initial cycle (its lookups then"
                    + " find them: Entra ID's faster case)", 0, 100).later(),
            whole("repeat", 40, Role.OPTION, "repetitions of the shape, on the same seeded dataset, in one JMeter run; the figures"
                    + " pool all of them (why 40: [docs/measurement.md](measurement.md)); plan 5 repeats its incremental cycles"
                    + " instead (`provisioning.cycles`); with `versus.forks`, the rounds of each fork", 1, 100),
            whole("settle", 1, Role.OPTION, "whole repetitions per side run first and recorded apart (`settling`), never pooled:"
                    + " after the long first warm-up both JVMs still compile ([why](measurement.md)); with `duration`, each also"
                    + " measures that long; the open model has none", 0, 10),
            number("maxErrorPct", "0", Role.OPTION, "fail the build when a label's error rate (%) is above this (any error, by"
                    + " default)", 0, 100),
            whole("maxP95", 0, Role.OPTION, "fail the build when a label's p95 (ms) is above this (0: no limit)", 0, 3_600_000),
            whole("maxP99", 0, Role.OPTION, "fail the build when a label's p99 (ms) is above this (0: no limit)", 0, 3_600_000),
            text("baseline", "", Role.OPTION, "compare the run with this run directory or baseline file afterwards; regressions fail"
                    + " the build"),
            number("tolerance", "5", Role.OPTION, "the smallest change (%) that can be a regression; it must also be significant", 0,
                    1000),
            text("versus", "", Role.OPTION, "another scenario, run in the same build with the repetitions interleaved (A B B A …),"
                    + " then compared round by round; same plan and size"),
            text("versus.jar", "", Role.OPTION, "the idbench jar of the other side (another commit's build); default: this build's"),
            text("versus.handicap", "", Role.OPTION, "the other side's calibration handicap, e.g. update:10% (default: none)"),
            number("versus.instanceNoise", "", Role.OPTION, "how much (%) two service processes of one build differ for good, which"
                    + " no number of rounds removes, added to every interleaved verdict's uncertainty; default: estimated from the A/A"
                    + " checks recorded beside the run (at least 3), else 5% ([why](measurement.md)); 0 trusts the rounds alone", 0,
                    100),
            whole("versus.forks", 1, Role.OPTION, "service processes per side in an interleaved comparison: both sides' services (and"
                    + " their PostgreSQL, engine) start again before each fork's `repeat` rounds, in an order drawn at random, and the"
                    + " verdict takes the fork as its unit, so that the difference between processes is measured, not assumed"
                    + " ([how](measurement.md#forks))", 1, 100),
            choice("versus.mode", List.of("interleaved", "duet"), "interleaved", Role.OPTION, "how the two sides of a comparison share"
                    + " the machine: `interleaved` (one side's repetition, then the other's, in an order drawn at random) or `duet`"
                    + " (every repetition measures both at once, half the threads each, so that the machine's moods fall on both"
                    + " alike; plan heterogeneous)"),
            choice("versus.reference", List.of("A", "B"), "A", Role.OPTION, "the side a comparison judges the other against: `A`, or"
                    + " `B` when side B runs the reference build (`versus.jar`, e.g. last night's, as the nightly guard runs it), so"
                    + " that a regression is this build's"),
            text("versus.detect", "", Role.OPTION, "a change (%) the comparison must find in its primary figures in 9 of 10 such"
                    + " comparisons: idbench chooses `versus.forks` and `repeat` for it from the comparisons recorded beside the run"
                    + " (else measured defaults) and says how long it takes, or refuses what it cannot reach within `versus.budget`;"
                    + " its verdict flags significant changes of at least half the target (unless `tolerance` is given)"),
            whole("versus.budget", 60, Role.OPTION, "minutes a `versus.detect` comparison may take on this machine", 1, 1440),
            text("versus.primary", "ALL p50,ALL p95,ALL throughput", Role.OPTION, "the figures an interleaved verdict judges first"
                    + " (label and figure, comma-separated): they share 80% of its alpha, the other figures the rest"),
            text("service.heap", "1g", Role.OPTION, "the service JVM's heap, fixed (`-Xms` = `-Xmx`, touched at start)"),
            whole("instances", 1, Role.SHAPE, "`idbench serve` processes on the one database and engine, at most " + MAX_INSTANCES
                    + " (see [Beyond one machine](scale-out.md))", 1, MAX_INSTANCES).later(),
            text("jmeter.remotes", "", Role.SHAPE, "remote JMeter engines `host:port,…` that run the plan instead of the run's own"
                    + " JMeter").later(),
            text("jmeter.rmi.keystore", "", Role.OPTION, "the RMI keystore the engines use (SSL, as JMeter expects);"
                    + " scripts/jmeter-engine.sh makes one"),
            flag("jmeter.rmi.ssl", true, Role.OPTION, "false: RMI to the engines without SSL, JMeter's opt-out for a private network"),
            text("results", "results", Role.OPTION, "where runs are recorded: `<results>/<scenario>/<run-id>/`"),
            text("runId", "", Role.OPTION, "the run's name, `yyyyMMdd-HHmmss`"),
            text("machine", "", Role.OPTION, "this machine's name in the history (the Jenkinsfile's agents name theirs): the site"
                    + " groups runs by machine, the name first, then CPUs, CPU model and memory, so two agents of the same hardware"
                    + " stay apart"),
            whole("startTimeout", 3600, Role.OPTION, "seconds to wait for the service, seeding included", 10, 86_400),
            choice("target", TargetKind.class, TargetKind.IDBENCH, Role.OPTION, "what is provisioned and measured: idbench's own"
                    + " service or a product (see [targets.md](targets.md)); `-Ptarget-<name>` sets it too; a new kind:"
                    + " [adding-a-target.md](adding-a-target.md)"),
            text("target.name", "", Role.OPTION, "the target's name: the scenario is `[<plan>-]<name>-<size>` and the site draws it as"
                    + " a series of its own (default `keycloak`, or `external` for `target.url`)"),
            choice("keycloak.db", List.of("postgres", "h2"), "postgres", Role.OPTION, "Keycloak's database: `postgres` (a database of"
                    + " its own on idbench's PostgreSQL, created afresh each run) or `h2`"),
            choice("keycloak.seed", List.of("auto", "sql", "scim"), "auto", Role.OPTION, "how `users` are seeded into Keycloak: `sql`"
                    + " (written into its tables while it is stopped, as its SCIM API writes them; 200,000 in about a minute), `scim`"
                    + " (over its SCIM API, about 160 identities a second), or `auto`: `sql` where idbench's PostgreSQL holds"
                    + " Keycloak's database (a dataset is kept), `scim` otherwise"),
            text("target.url", "", Role.OPTION, "benchmark this SCIM 2.0 base URL (loopback) instead of provisioning one; needs"
                    + " target.token or target.tokenUrl"),
            text("target.token", "", Role.SECRET, "a static bearer token for target.url"),
            whole("target.pid", 0, Role.OPTION, "with `target.url`: the process id of that server on this machine; its CPU (with its"
                    + " children's) is sampled during the run and counted per request as the service's, like a provisioned"
                    + " service's (0: not sampled)", 0, NO_MAX),
            text("target.tokenUrl", "", Role.OPTION, "the target's OAuth 2.0 token endpoint: tokens obtained, and refreshed before"
                    + " they expire"),
            choice("target.grant", Grant.class, Grant.CLIENT_CREDENTIALS, Role.OPTION, "the grant at target.tokenUrl"),
            text("target.clientId", "", Role.OPTION, "the client id at target.tokenUrl"),
            text("target.clientSecret", "", Role.SECRET, "the client secret at target.tokenUrl"),
            text("target.user", "", Role.OPTION, "the user of the password grant"),
            text("target.password", "", Role.SECRET, "the password of the password grant"),
            choice("storage", Storage.class, ScenarioConfig.DEFAULT_STORAGE, Role.AXIS, "how identities are stored (2018: pgjsonb /"
                    + " postgres)").serve("--storage"),
            choice("search", SearchMode.class, ScenarioConfig.DEFAULT_SEARCH, Role.AXIS, "what answers searches: the storage's own"
                    + " queries or a search engine").serve("--search"),
            flag("dyn", ScenarioConfig.DEFAULT_DYN, Role.AXIS, "dynamic group memberships (2018's scenarios without `-nodyn`)")
                    .serve("--dyn"),
            whole(USERS, ScenarioConfig.DEFAULT_USERS, Role.AXIS, "identities seeded before the run, kept and reused (see"
                    + " [Seeding](seeding.md)); plan 5 seeds none and provisions this many itself", 0, NO_MAX).serve("--users"),
            flag("fresh", false, Role.OPTION, "seed again even when the dataset is kept").serve("--fresh"),
            choice("passwordHash", PasswordHash.class, ScenarioConfig.DEFAULT_PASSWORD_HASH, Role.OPTION, "how the identities'"
                    + " passwords are hashed").serve("--password-hash"),
            text("handicap", "", Role.OPTION, "calibration only: CPU burnt on purpose in operations, e.g. `update:10%` or"
                    + " `read:200us`, or a wait with `:wait` (`update:300us:wait`: that operation alone slower); every page of such a"
                    + " run says so").serve("--handicap"),
            choice("db.provider", Provider.class, ScenarioConfig.DEFAULT_PROVIDER, Role.OPTION, "where PostgreSQL comes from")
                    .serve("--db-provider"),
            text("db.url", "", Role.OPTION, "JDBC URL of an external PostgreSQL").serve("--db-url"),
            text("db.user", ScenarioConfig.DEFAULT_DB_USER, Role.OPTION, "its user").serve("--db-user"),
            text("db.password", "", Role.SECRET, "its password").serve("--db-password"),
            whole("db.poolSize", ScenarioConfig.DEFAULT_DB_POOL_SIZE, Role.OPTION, "the service's JDBC connections; on 2 cores shared"
                    + " with everything else, 3 moves the queue from PostgreSQL into the pool and cuts plan 4's EAV range-query p95 by"
                    + " 40–57 % at the same throughput ([figures.md](figures.md#figures-on-a-2-core-machine))").serve("--db-pool-size"),
            whole("db.statementTimeout", ScenarioConfig.DEFAULT_STATEMENT_TIMEOUT_MS, Role.OPTION, "longest a request's database"
                    + " statement may run, ms (0: none)").serve("--statement-timeout"),
            text("pgDataDir", ScenarioConfig.DEFAULT_PG_DATA_DIR, Role.OPTION, "the embedded PostgreSQL's kept data directory (none:"
                    + " a throw-away one)").serve("--pg-data-dir"),
            text("pg.sharedBuffers", ScenarioConfig.DEFAULT_PG_SHARED_BUFFERS, Role.OPTION, "PostgreSQL shared_buffers")
                    .serve("--pg-shared-buffers"),
            text("pg.memory", ScenarioConfig.NO_MEMORY_BOUND, Role.SHAPE, "the most memory PostgreSQL may use, its page cache"
                    + " included, e.g. 1GB (a memory cgroup; none: the machine's)").serve("--pg-memory").later(),
            whole("pg.dataDirWait", ScenarioConfig.DEFAULT_PG_DATA_DIR_WAIT_SECONDS, Role.OPTION, "seconds a run waits for another"
                    + " that is using the kept data directory (two executors, a scenario run beside the nightly job), saying for"
                    + " whom, before it gives up; one run at a time uses a data directory").serve("--pg-data-dir-wait"),
            text("datasets.maxBytes", "", Role.OPTION, "the most the kept datasets may take on disk, e.g. `50GB` (units are powers of"
                    + " 1024): before a new dataset is seeded, the least recently used others are removed until it fits, and a"
                    + " dataset that alone would not fit is refused; none in use is removed. Empty: no bound (see"
                    + " [Seeding](seeding.md#the-kept-datasets-as-a-store))").serve("--datasets-max-bytes"),
            choice("search.provider", Provider.class, ScenarioConfig.DEFAULT_PROVIDER, Role.OPTION, "where the search engine comes"
                    + " from").serve("--search-provider"),
            text("search.url", "", Role.OPTION, "URL of an external Elasticsearch or OpenSearch (several, comma-separated: the nodes"
                    + " of one cluster)").serve("--search-url"),
            text("search.heap", ScenarioConfig.DEFAULT_SEARCH_HEAP, Role.OPTION, "the embedded engine's heap (per node)")
                    .serve("--search-heap"),
            text("search.memory", ScenarioConfig.NO_MEMORY_BOUND, Role.SHAPE, "the most memory the engine may use (all its nodes),"
                    + " its heap and the page cache of its index included, e.g. 2GB (a memory cgroup; none: the machine's): at least"
                    + " the heaps and 768 MiB per node beside each; embedded or testcontainers only").serve("--search-memory").later(),
            whole("search.nodes", ScenarioConfig.DEFAULT_SEARCH_NODES, Role.SHAPE, "nodes of the embedded engine: a cluster on"
                    + " loopback when more than 1 (search.provider=embedded)").serve("--search-nodes").later(),
            whole("search.shards", ScenarioConfig.DEFAULT_SEARCH_SHARDS, Role.SHAPE, "primary shards of the user index")
                    .serve("--search-shards").later(),
            whole("search.replicas", ScenarioConfig.DEFAULT_SEARCH_REPLICAS, Role.SHAPE, "replicas of each shard of the user index"
                    + " (embedded: fewer than search.nodes)").serve("--search-replicas").later(),
            choice("search.refresh", RefreshPolicy.class, ScenarioConfig.DEFAULT_SEARCH_REFRESH, Role.OPTION, "when a search sees a"
                    + " write: after the engine's periodic refresh (`false`, as Syncope), at once (`true`), or once the refresh made"
                    + " it visible (`wait_for`)").serve("--search-refresh"));

    private static final Map<String, Parameter> BY_KEY = index();

    private Parameters() {
    }

    public static Optional<Parameter> get(String key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    /** The declared parameter {@code key}; a key nobody declared is a bug of the caller's. */
    public static Parameter of(String key) {
        return get(key).orElseThrow(() -> new IllegalArgumentException(key + " is not declared in Parameters.ALL"));
    }

    /** The parameters that match, in their order. */
    public static List<Parameter> where(Predicate<Parameter> test) {
        return ALL.stream().filter(test).toList();
    }

    /** The keys of the parameters in {@code roles}, in their order. */
    public static List<String> keys(Role... roles) {
        List<Role> wanted = Arrays.asList(roles);
        return Parameter.keys(where(p -> wanted.contains(p.role())));
    }

    /** The keys of the parameters that make two runs different experiments, first recorded or later ({@link Parameter#recordedLater()}). */
    public static List<String> comparabilityKeys(boolean recordedLater) {
        return Parameter.keys(where(p -> p.role().comparability() && p.recordedLater() == recordedLater));
    }

    private static Parameter text(String key, String defaultValue, Role role, String description) {
        return new Parameter(key, Type.TEXT, defaultValue, role, null, description, null, List.of(), false);
    }

    private static Parameter flag(String key, boolean defaultValue, Role role, String description) {
        return new Parameter(key, Type.FLAG, "" + defaultValue, role, null, description, null, List.of(), false);
    }

    /** A whole number within min and max, checked by the run. */
    private static Parameter whole(String key, long defaultValue, Role role, String description, double min, double max) {
        return new Parameter(key, Type.WHOLE, "" + defaultValue, role, null, description, new Bounds(min, max), List.of(), false);
    }

    /** A whole number checked by the service's own configuration ({@link ScenarioConfig}), which gives its bounds. */
    private static Parameter whole(String key, long defaultValue, Role role, String description) {
        return new Parameter(key, Type.WHOLE, "" + defaultValue, role, null, description, null, List.of(), false);
    }

    private static Parameter number(String key, String defaultValue, Role role, String description, double min, double max) {
        return new Parameter(key, Type.NUMBER, defaultValue, role, null, description, new Bounds(min, max), List.of(), false);
    }

    private static <E extends Enum<E> & Choice> Parameter choice(String key, Class<E> type, E defaultValue, Role role,
            String description) {
        return choice(key, Arrays.stream(type.getEnumConstants()).map(Choice::id).toList(), defaultValue.id(), role, description);
    }

    private static Parameter choice(String key, List<String> values, String defaultValue, Role role, String description) {
        return new Parameter(key, Type.CHOICE, defaultValue, role, null, description, null, values, false);
    }

    private static Map<String, Parameter> index() {
        Map<String, Parameter> m = new LinkedHashMap<>();
        ALL.forEach(p -> {
            if (m.put(p.key(), p) != null) {
                throw new IllegalStateException(p.key() + " is declared twice in Parameters.ALL");
            }
        });
        return m;
    }
}
