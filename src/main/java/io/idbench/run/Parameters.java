package io.idbench.run;

import io.idbench.config.Choice;
import io.idbench.config.CycleMix;
import io.idbench.config.Grant;
import io.idbench.config.HotSet;
import io.idbench.config.PasswordHash;
import io.idbench.config.Plan;
import io.idbench.config.Provider;
import io.idbench.config.ProvisioningClient;
import io.idbench.config.RefreshPolicy;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.SearchMode;
import io.idbench.config.Storage;
import io.idbench.config.TargetKind;
import io.idbench.record.Numbers;
import io.idbench.results.PairedVerdict;
import io.idbench.results.RunNoise;
import io.idbench.results.Verdict;
import io.idbench.targets.KeycloakSetup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every parameter a run knows, with its default, in the order docs/parameters.md lists them (ParametersDocTest). */
public final class Parameters {
    /** The parameter that names the scenario; the one that sizes its dataset (the only service setting any target takes). */
    public static final String SCENARIO = "scenario";
    public static final String USERS = "users";
    /** The scenario of a plain {@code mvn verify}: small, the 2018 plan, no search engine. */
    public static final String DEFAULT_SCENARIO = "jsonb-nodyn-1k";
    /** The most replicas of the service a run starts (instances): each is a JVM with its own heap and pool. */
    public static final int MAX_INSTANCES = 8;
    public static final List<Parameter> ALL = List.of(
            run("scenario", DEFAULT_SCENARIO, "the scenario: parameters/<scenario>.properties"),
            run("plan", Plan.DEFAULT.id(), "the JMeter plan, jmeter/<plan>.jmx: " + Choice.idsInOrder(Plan.class)),
            run("threads", "10", "concurrent JMeter threads (closed model) or the thread pool of the open model").within(1, 1000),
            run("loops", "30", "measured iterations per thread (plan 1: six requests each); ignored when duration > 0").within(1,
                    1_000_000),
            run("duration", "0", "seconds each thread is measured instead of a loop count (0: use loops)").within(0, 86_400),
            run("rampup", "10", "seconds over which the threads start").within(0, 3600),
            run("warmup", "5", "the shortest warm-up: seconds each thread runs the workload before measuring (recorded, not measured)")
                    .within(0, 3600),
            run("rewarm", "1", "the warm-up (s) of each later repetition of a side that was steady before: the JVMs stay warm between"
                    + " repetitions, so it re-establishes the flow and ends once both JITs were quiet over it (docs/measurement.md)")
                    .within(0.2, 3600),
            run("warmupMax", "180", "the longest warm-up: seconds after which a thread measures even if the service is not steady")
                    .within(0, 3600),
            run("steadyPct", "5", "the warm-up ends when three consecutive 2-second windows of throughput agree within this %").within(0.1,
                    100),
            run("hotset", HotSet.POPULATE.id(), "plan 1 targets: the identities Populate created (2018) or all seeded ones"),
            run("rate", "0", "requests/s of the open workload (plan read-flood; 0: the closed model)").within(0, 100_000),
            run("client", ProvisioningClient.ENTRA.id(), "plan provisioning: the provisioning client it speaks as: "
                    + Choice.idsInOrder(ProvisioningClient.class)),
            run("provisioning.groups", "100", "plan provisioning: groups of the initial cycle (each user a member of one)").within(1,
                    1_000_000),
            run("provisioning.cycles", "1", "plan provisioning: incremental cycles after the initial one").within(1, 100),
            run("provisioning.changes", "5000", "plan provisioning: changes per incremental cycle (Entra ID: under 5,000 fit one"
                    + " cycle)").within(1, 1_000_000),
            run("provisioning.mix", CycleMix.DEFAULT.csv(), "plan provisioning: an incremental cycle's changes in %: updates, joiners,"
                    + " movers, deactivations, deletes (an assumption: nobody publishes one)"),
            run("provisioning.rate", "25", "plan provisioning: requests/s of each job (Entra ID's floor for gallery apps: 25 per"
                    + " tenant); 0: as fast as the target answers").within(0, 10_000),
            run("provisioning.present", "0", "plan provisioning: % of the users present before the initial cycle (Entra ID matches"
                    + " them instead of creating them)").within(0, 100),
            run("repeat", "40",
                    "repetitions of the plan's shape in one JMeter run after a warm-up to steady state; figures pool all of them;"
                            + " with versus.forks, the rounds of each fork")
                    .within(1, 100),
            run("settle", "1", "whole repetitions per side before the measured ones, recorded apart and never pooled"
                    + " (the JITs still compile after the first warm-up); ignored by the open model").within(0, 10),
            run("maxErrorPct", "0", "fail the build when a label's error rate (%) is above this").within(0, 100),
            run("maxP95", "0", "fail the build when a label's p95 (ms) is above this (0: no limit)").within(0, 3_600_000),
            run("maxP99", "0", "fail the build when a label's p99 (ms) is above this (0: no limit)").within(0, 3_600_000),
            run("baseline", "", "compare the run with this run directory or baseline file; fail the build past tolerance"),
            run("tolerance", "" + (int) Verdict.DEFAULT_MIN_EFFECT,
                    "the smallest change (%) of a figure that counts as a regression, when it is also significant").within(0, 1000),
            run("versus", "", "another scenario to run interleaved with this one (A B B A …) in the same build, and compare"),
            run("versus.jar", "", "the idbench jar of the other side (another commit's build); default: this build's"),
            run("versus.handicap", "", "the other side's calibration handicap, e.g. update:10% (default: none)"),
            run("versus.instanceNoise", "", "how much (%) two service processes of one build differ for good, which no number of"
                    + " rounds removes, added to every interleaved verdict's uncertainty; default: estimated from the A/A checks recorded"
                    + " beside the run (at least " + RunNoise.MIN_AA_CHECKS + "), else " + Numbers.trim(RunNoise.DEFAULT_INSTANCE_PCT)
                    + "%; 0 trusts the rounds alone").within(0, 100),
            run("versus.forks", "1", "service processes per side in an interleaved comparison: both sides' services (and their"
                    + " PostgreSQL, engine) start again before each fork's repeat rounds, in an order drawn at random, and the verdict"
                    + " takes the fork as its unit, so that the difference between processes is measured, not assumed").within(1, 100),
            run("versus.mode", "interleaved", "how the two sides of a comparison share the machine: interleaved (one side's repetition,"
                    + " then the other's, in an order drawn at random) or duet (every repetition measures both at once, half the threads"
                    + " each, so that the machine's moods fall on both alike; plan heterogeneous)"),
            run("versus.reference", "A", "the side a comparison judges the other against: A, or B when side B runs the reference"
                    + " build (versus.jar, e.g. last night's, as the nightly guard runs it), so that a regression is this build's"),
            run("versus.detect", "", "a change (%) the comparison must find in its primary figures in 9 of 10 such comparisons:"
                    + " idbench chooses versus.forks and repeat for it from the comparisons recorded beside the run (else measured"
                    + " defaults) and says how long it takes, or refuses what it cannot reach within versus.budget; its verdict"
                    + " flags significant changes of at least half the target (unless tolerance is given)"),
            run("versus.budget", "60", "minutes a versus.detect comparison may take on this machine").within(1, 1440),
            run("versus.primary", "ALL p50,ALL p95,ALL throughput", "the figures an interleaved verdict judges first (label and"
                    + " figure, comma-separated): they share " + Math.round(PairedVerdict.PRIMARY_SHARE * 100) + "% of its alpha, the"
                    + " other figures the rest"),
            run("service.heap", "1g", "the service JVM's heap, fixed (-Xms = -Xmx): no resizing while it is measured"),
            run("instances", "1", "idbench serve processes on the one database and engine (replicas, at most " + MAX_INSTANCES
                    + "): threads spread over them round robin, each writing through one and reading through the next")
                    .within(1, MAX_INSTANCES),
            run("jmeter.remotes", "", "JMeter engines host:port,… that run the plan (distributed load: each runs every thread; start"
                    + " each with scripts/jmeter-engine.sh); default: the run's own JMeter"),
            run("jmeter.rmi.keystore", "", "the RMI keystore the engines use (SSL, as JMeter expects); scripts/jmeter-engine.sh makes"
                    + " one"),
            run("jmeter.rmi.ssl", "true", "false: RMI to the engines without SSL, JMeter's opt-out for a private network"),
            run("results", "results", "where runs are recorded: <results>/<scenario>/<run-id>/"),
            run("runId", "", "the run's name (default: the UTC start time, yyyyMMdd-HHmmss)"),
            run("machine", "", "this machine's name in the history, so that agents with the same hardware stay apart (default: none;"
                    + " runs are grouped by CPUs, CPU model and memory)"),
            run("startTimeout", "3600", "seconds to wait for the service to be ready, seeding included").within(10, 86_400),
            run("target", TargetKind.IDBENCH.id(), "what the run provisions and measures: " + Choice.idsInOrder(TargetKind.class)
                    + " (a product is prepared by its profile too, e.g. -Ptarget-keycloak builds with Keycloak "
                    + KeycloakSetup.VERSION + "; docs/targets.md)"),
            run("target.name", "",
                    "the target's name in the record and on the site (default: keycloak or openldap, or external for target.url)"),
            run("keycloak.db", KeycloakSetup.DB_POSTGRES, "Keycloak's database: postgres (idbench's PostgreSQL) or h2"),
            run("keycloak.seed", "auto", "how Keycloak is seeded: sql (into its tables, Keycloak stopped), scim (over its SCIM API),"
                    + " or auto: sql on idbench's PostgreSQL, scim otherwise"),
            new Parameter("target.url", "", null, false,
                    "benchmark this SCIM 2.0 base URL (loopback) instead of provisioning one; needs target.token or target.tokenUrl", null),
            new Parameter("target.token", "", null, true, "a static bearer token for target.url", null),
            run("target.pid", "0", "the process id of target.url's server on this machine: its CPU and its children's is sampled and"
                    + " counted per request, as the service's (0: not sampled)").within(0, Double.POSITIVE_INFINITY),
            run("target.tokenUrl", "", "the target's OAuth 2.0 token endpoint: tokens obtained, and refreshed before they expire"),
            run("target.grant", Grant.CLIENT_CREDENTIALS.id(), "the grant at target.tokenUrl: " + Choice.idsInOrder(Grant.class)),
            run("target.clientId", "", "the client id at target.tokenUrl"),
            new Parameter("target.clientSecret", "", null, true, "the client secret at target.tokenUrl", null),
            run("target.user", "", "the user of the password grant"),
            new Parameter("target.password", "", null, true, "the password of the password grant", null),
            serve("storage", ScenarioConfig.DEFAULT_STORAGE.id(), "--storage", "one of " + Storage.ids()),
            serve("search", ScenarioConfig.DEFAULT_SEARCH.id(), "--search", "one of " + SearchMode.ids()),
            serve("dyn", "" + ScenarioConfig.DEFAULT_DYN, "--dyn", "dynamic group memberships (the 2018 'dyn' scenarios)"),
            serve("users", "" + ScenarioConfig.DEFAULT_USERS, "--users", "identities seeded before the run (kept and reused)").within(0,
                    Double.POSITIVE_INFINITY),
            serve("fresh", "false", "--fresh", "seed the dataset again even when it is kept"),
            serve("passwordHash", ScenarioConfig.DEFAULT_PASSWORD_HASH.id(), "--password-hash", "one of " + Choice.ids(PasswordHash.class)),
            serve("handicap", "", "--handicap",
                    "calibration: CPU burnt on purpose in operations, e.g. update:10% or read:200us, or waited with :wait"
                            + " (update:300us:wait) (recorded, shown loudly)"),
            serve("db.provider", ScenarioConfig.DEFAULT_PROVIDER.id(), "--db-provider", "one of " + Choice.ids(Provider.class)),
            serve("db.url", "", "--db-url", "JDBC URL of an external PostgreSQL"),
            serve("db.user", ScenarioConfig.DEFAULT_DB_USER, "--db-user", "its user"),
            new Parameter("db.password", "", "--db-password", true, "its password", null),
            serve("db.poolSize", "" + ScenarioConfig.DEFAULT_DB_POOL_SIZE, "--db-pool-size", "the service's JDBC connections"),
            serve("db.statementTimeout", "" + ScenarioConfig.DEFAULT_STATEMENT_TIMEOUT_MS, "--statement-timeout",
                    "longest a request's database statement may run, ms (0: none)"),
            serve("pgDataDir", ScenarioConfig.DEFAULT_PG_DATA_DIR, "--pg-data-dir",
                    "the embedded PostgreSQL's kept data directory (none: a throw-away one)"),
            serve("pg.sharedBuffers", ScenarioConfig.DEFAULT_PG_SHARED_BUFFERS, "--pg-shared-buffers", "PostgreSQL shared_buffers"),
            serve("pg.memory", ScenarioConfig.NO_MEMORY_BOUND, "--pg-memory",
                    "the most memory PostgreSQL may use, its page cache included, e.g. 1GB (a memory cgroup; none: the machine's)"),
            serve("pg.dataDirWait", "" + ScenarioConfig.DEFAULT_PG_DATA_DIR_WAIT_SECONDS, "--pg-data-dir-wait",
                    "seconds to wait for another run using the kept data directory"),
            serve("datasets.maxBytes", "", "--datasets-max-bytes",
                    "the most the kept datasets may take on disk, e.g. 50GB: the least recently used are removed before a new seed"),
            serve("search.provider", ScenarioConfig.DEFAULT_PROVIDER.id(), "--search-provider", "one of " + Choice.ids(Provider.class)),
            serve("search.url", "", "--search-url", "URL of an external Elasticsearch or OpenSearch (several, comma-separated: the"
                    + " nodes of one cluster)"),
            serve("search.heap", ScenarioConfig.DEFAULT_SEARCH_HEAP, "--search-heap", "the embedded engine's heap (per node)"),
            serve("search.memory", ScenarioConfig.NO_MEMORY_BOUND, "--search-memory",
                    "the most memory the engine may use (all its nodes), its heap and the page cache of its index included, e.g. 2GB"
                            + " (a memory cgroup; none: the machine's)"),
            serve("search.nodes", "" + ScenarioConfig.DEFAULT_SEARCH_NODES, "--search-nodes",
                    "nodes of the embedded engine: a cluster on loopback when more than 1 (search.provider=embedded)"),
            serve("search.shards", "" + ScenarioConfig.DEFAULT_SEARCH_SHARDS, "--search-shards", "primary shards of the user index"),
            serve("search.replicas", "" + ScenarioConfig.DEFAULT_SEARCH_REPLICAS, "--search-replicas",
                    "replicas of each shard of the user index (embedded: fewer than search.nodes)"),
            serve("search.refresh", ScenarioConfig.DEFAULT_SEARCH_REFRESH.id(), "--search-refresh",
                    "one of " + Choice.ids(RefreshPolicy.class)));

    private static final Map<String, Parameter> BY_KEY = index();

    private Parameters() {
    }

    public static Optional<Parameter> get(String key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    private static Parameter run(String key, String defaultValue, String description) {
        return new Parameter(key, defaultValue, null, false, description, null);
    }

    private static Parameter serve(String key, String defaultValue, String option, String description) {
        return new Parameter(key, defaultValue, option, false, description, null);
    }

    private static Map<String, Parameter> index() {
        Map<String, Parameter> m = new LinkedHashMap<>();
        ALL.forEach(p -> m.put(p.key(), p));
        return m;
    }
}
