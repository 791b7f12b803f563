package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.HotSet;
import io.idbench.config.Loopback;
import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioResolver;
import io.idbench.config.TargetKind;
import io.idbench.record.Side;
import io.idbench.results.FigureName;
import io.idbench.results.ScenarioNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The run's own parameters (the load, the record, the thresholds), typed and validated once with
 * precise messages; the service's parameters are validated by {@code idbench serve}'s own
 * configuration. Contradictions between parameters are refused here too.
 */
public final class RunSettings {
    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    /** What changes the dataset or the workload: a scenario overridden on one of these is another scenario. */
    static final List<String> AXES = Parameters.keys(Parameter.Role.AXIS, Parameter.Role.WORKLOAD);

    public final String scenario;
    public final String recordScenario;
    public final Plan plan;
    public final int threads;
    public final int loops;
    public final int duration;
    public final int rampup;
    public final int warmup;
    public final int warmupMax;
    /** The warm-up (s) of a later repetition of a side that was steady: its window for the JITs' quiet, too. */
    public final double rewarm;
    public final double steadyPct;
    public final HotSet hotset;
    public final int rate;
    public final int repeat;
    /** Whole repetitions per side run before the measured ones and recorded apart, as asked; see {@link #settling()}. */
    public final int settle;
    public final double maxErrorPct;
    public final long maxP95;
    public final long maxP99;
    public final String results;
    /** The baseline to compare with, or null. */
    public final String baseline;
    public final double tolerance;
    public final String runId;
    public final int startTimeout;
    /** What is provisioned and measured: idbench's own service, or a product ({@link #runTarget()}: what a run does with it). */
    public final TargetKind target;
    /** The target's name in the record (the scenario's prefix), or null for the default. */
    public final String targetName;
    public final String targetUrl;
    public final String targetToken;
    /** target.url's server process, sampled as the service (0: none). */
    public final long targetPid;
    /** How the plans obtain (and refresh) tokens from a target's token endpoint; null: a static token. */
    public final TargetAuth targetAuth;
    public final long users;
    /** Plan 5's settings (client, cycles, pace…); null for the other plans. */
    public final ProvisioningSettings provisioning;
    /** The other side of an interleaved comparison: its scenario (null: none), jar (null: this build's), handicap. */
    public final String versus;
    public final String versusJar;
    public final String versusHandicap;
    /** How much two service processes of one build differ for good, in %; null: estimated from the A/A checks recorded. */
    public final Double versusInstanceNoise;
    /** Service processes per side of an interleaved comparison, each measured for {@link #repeat} rounds. */
    public final int versusForks;
    /** The figures an interleaved verdict judges first ("ALL p50", …). */
    public final List<String> versusPrimary;
    /** Both sides measured at once, half the threads each (versus.mode=duet), rather than one after the other. */
    public final boolean versusDuet;
    /** The side the verdict judges the other against (B: versus.jar is the reference build, this one is judged). */
    public final Side versusReference;
    /** The service JVM's heap, fixed, e.g. 1g. */
    public final String serviceHeap;
    /** Replicas of idbench's service on one database and engine. */
    public final int instances;
    /** The remote JMeter engines (none: JMeter runs in the build) and how RMI reaches them. */
    final JmeterRemotes jmeterRemotes;

    public RunSettings(ScenarioResolver.Resolved r, Instant now) {
        scenario = r.scenario();
        plan = Plan.parse(r.get("plan"));
        threads = intIn(r, "threads");
        loops = intIn(r, "loops");
        duration = intIn(r, "duration");
        rampup = intIn(r, "rampup");
        warmup = intIn(r, "warmup");
        warmupMax = intIn(r, "warmupMax");
        rewarm = doubleIn(r, "rewarm");
        steadyPct = doubleIn(r, "steadyPct");
        rate = intIn(r, "rate");
        int repeatGiven = intIn(r, "repeat");
        settle = intIn(r, "settle");
        startTimeout = intIn(r, "startTimeout");
        target = TargetKind.parse(r.get("target"));
        targetName = r.get("target.name").isBlank() ? null : r.get("target.name").trim();
        if (targetName != null && !targetName.matches("[a-z][a-z0-9._-]{0,59}")) {
            throw new ConfigException("target.name must be lower-case letters, digits, '.', '-' or '_', starting with a letter "
                    + "(it names the scenario), was '" + targetName + "'");
        }
        // A scenario's size seeds idbench's service; a provisioned product starts empty unless a size is asked for.
        // Another target takes its size from -D, or from a scenario file that names that target too (openldap-10k, with or
        // without its profile): the default scenario's size is idbench's service's.
        users = target.ownService() || r.explicit("users") || r.origins().get("target").equals(r.origins().get("users"))
                || r.origins().get("users").startsWith("scenario") && r.scenarioSets("target", target.id()) ? longIn(r, "users") : 0;
        hotset = HotSet.parse(r.get("hotset"));
        maxErrorPct = doubleIn(r, "maxErrorPct");
        maxP95 = longIn(r, "maxP95");
        maxP99 = longIn(r, "maxP99");
        baseline = r.get("baseline").isBlank() ? null : r.get("baseline");
        tolerance = doubleIn(r, "tolerance");
        results = r.get("results");
        if (results.isBlank()) {
            throw new ConfigException("results must name a directory");
        }
        runId = r.get("runId").isBlank() ? RUN_ID.format(now) : r.get("runId");
        if (!runId.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,99}")) {
            throw new ConfigException("runId must be letters, digits, '.', '-' or '_' (at most 100), was '" + runId + "'");
        }
        if (!r.get("machine").matches("|[A-Za-z0-9][A-Za-z0-9._-]{0,59}")) {
            throw new ConfigException("machine must be letters, digits, '.', '-' or '_' (at most 60), was '" + r.get("machine") + "'");
        }
        serviceHeap = r.get("service.heap");
        if (!serviceHeap.matches("\\d+[mg]")) {
            throw new ConfigException("service.heap must look like 512m or 2g, was '" + serviceHeap + "'");
        }
        versusJar = r.get("versus.jar").isBlank() ? null : r.get("versus.jar");
        versusHandicap = r.get("versus.handicap");
        versusInstanceNoise = r.get("versus.instanceNoise").isBlank() ? null : doubleIn(r, "versus.instanceNoise");
        versus = !r.get("versus").isBlank() ? r.get("versus").trim()
                : versusJar != null || !versusHandicap.isBlank() ? scenario : null;
        versusForks = intIn(r, "versus.forks");
        versusPrimary = FigureName.parseList(r.get("versus.primary")).stream().map(FigureName::toString).toList();
        versusReference = switch (r.get("versus.reference")) {
            case "A" -> Side.A;
            case "B" -> Side.B;
            default -> throw new ConfigException("versus.reference must be A or B, was '" + r.get("versus.reference") + "'");
        };
        versusDuet = switch (r.get("versus.mode")) {
            case "interleaved" -> false;
            case "duet" -> true;
            default -> throw new ConfigException("versus.mode must be interleaved or duet, was '" + r.get("versus.mode") + "'");
        };
        targetUrl = r.get("target.url").isBlank() ? null : stripSlash(r.get("target.url"));
        targetToken = r.get("target.token").isBlank() ? null : r.get("target.token");
        targetPid = longIn(r, "target.pid");
        targetAuth = TargetAuth.of(r);
        instances = intIn(r, "instances");
        jmeterRemotes = JmeterRemotes.of(r);
        provisioning = ProvisioningSettings.of(r, plan, users, threads, Runtime.getRuntime().availableProcessors());
        // Plan 5's repetitions are its incremental cycles; its initial cycle is run first and recorded apart, as a settling one.
        repeat = provisioning == null ? repeatGiven : provisioning.cycles();
        checkCombinations(r);
        recordScenario = recordScenario(r);
    }

    /** Where a run {@code runId} of these settings is recorded; refused when a run is recorded there already. */
    Path newRecordDir(Path basedir, String runId) {
        Path dir = basedir.resolve(results).resolve(recordScenario).resolve(runId).normalize();
        if (Files.exists(dir)) {
            throw new ConfigException("a run is already recorded in " + dir + "; give another -DrunId");
        }
        return dir;
    }

    /** Whether the target is provisioned by the run (idbench's service or a product), not an external SCIM server. */
    public boolean provisioned() {
        return targetUrl == null;
    }

    /** The plan's JMX file in jmeter/, in the target's protocol: the LDAP twin for a directory ({@code ldap-<plan>.jmx}). */
    public String planFile() {
        return target.protocol().planFile(plan);
    }

    /** What the run does with its kind of target. */
    RunTarget runTarget() {
        return RunTargets.of(target);
    }

    /** Whether the run measures idbench's own service, provisioned by the run. */
    public boolean idbenchService() {
        return provisioned() && target.ownService();
    }

    /** The settling repetitions per side the plan runs: none in the open model (its repetitions are timed, not looped). */
    public int settling() {
        return provisioning != null ? 1 : openModel() ? 0 : settle;
    }

    /** The identities seeded before the run: none for a plan that makes them all (users is then how many it makes). */
    public long seededUsers() {
        return plan.neverSeeded() ? 0 : users;
    }

    /** The start of the scenario names of the plan's runs: its prefix, and the client plan 5 speaks as. */
    String scenarioPrefix() {
        return plan.scenarioPrefix() + (provisioning == null ? "" : provisioning.client().id() + "-");
    }

    /** Open workload: a fixed arrival rate instead of threads looping as fast as they can. */
    public boolean openModel() {
        return rate > 0;
    }

    private void checkCombinations(ScenarioResolver.Resolved r) {
        if (r.explicit("loops") && r.explicit("duration") && duration > 0) {
            throw new ConfigException("give loops or duration, not both (duration > 0 measures each thread for that many seconds)");
        }
        if (warmupMax < warmup) {
            throw new ConfigException("warmupMax (" + warmupMax + " s, the longest warm-up) is below warmup (" + warmup
                    + " s, the shortest)");
        }
        if (hotset == HotSet.ALL && users == 0) {
            throw new ConfigException("hotset=all picks targets among the seeded identities, but users is 0");
        }
        if (plan.needsSeededIdentities() && users == 0) {
            throw new ConfigException("plan " + plan + " works on seeded identities; give users > 0");
        }
        if (rate > 0 && !plan.offersOpenModel()) {
            throw new ConfigException("rate (the open workload) is offered by plan " + Arrays.stream(Plan.values())
                    .filter(Plan::offersOpenModel).map(Plan::id).collect(Collectors.joining(", ")) + "; plan " + plan
                    + " is a closed workload");
        }
        if (targetToken != null && targetUrl == null) {
            throw new ConfigException("target.token is given without target.url");
        }
        if (targetAuth != null && targetUrl == null) {
            throw new ConfigException("target.tokenUrl is given without target.url (a provisioned target brings its own)");
        }
        if (targetPid > 0 && targetUrl == null) {
            throw new ConfigException("target.pid is given without target.url (the processes a run provisions are sampled anyway)");
        }
        if (targetUrl != null) {
            checkTarget(r);
        }
        if (!target.ownService()) {
            checkProduct(r);
        }
        for (RunTarget other : RunTargets.all()) {
            for (String key : other.ownParameters()) {
                if (other.kind() != target && r.explicit(key)) {
                    throw new ConfigException(key + " is set, but target is " + target + "; add -Dtarget=" + other.kind()
                            + (other.kind().profile() == null ? "" : " (or -P" + other.kind().profile() + ")"));
                }
            }
        }
        if (versus != null && targetUrl != null) {
            throw new ConfigException("versus runs two services this build provisions; target.url benchmarks one already running");
        }
        if (instances > 1 && !idbenchService()) {
            throw new ConfigException("instances starts replicas of idbench's service; " + (targetUrl != null
                    ? "target.url benchmarks a server already running (give its load balancer's URL there)"
                    : "target=" + target + " provisions one " + target));
        }
        if (instances > 1 && versus != null) {
            throw new ConfigException("versus compares two services of one instance each; drop instances or versus");
        }
        if (versusForks > 1 && versus == null) {
            throw new ConfigException("versus.forks=" + versusForks + " starts both sides of a comparison again; name the other side"
                    + " with versus, versus.jar or versus.handicap");
        }
        if (versusReference == Side.B && versusJar == null) {
            throw new ConfigException("versus.reference=B judges this build against the jar side B runs; give it with versus.jar");
        }
        if (versusDuet && versus == null) {
            throw new ConfigException("versus.mode=duet measures two sides at once; name the other side with versus, versus.jar or"
                    + " versus.handicap");
        }
        if (versusDuet && (threads < 2 || threads % 2 != 0)) {
            throw new ConfigException("versus.mode=duet gives each side half the threads; threads must be even, was " + threads);
        }
        if (versusDuet && plan.duet() == Plan.Duet.NONE) {
            throw new ConfigException("versus.mode=duet runs plan heterogeneous (its hot sets are made per side), not plan " + plan);
        }
        if (versusForks > 1 && jmeterRemotes.distributed()) {
            throw new ConfigException("versus.forks starts the services again between forks from JMeter in the build; remote engines"
                    + " (jmeter.remotes) cannot ask it to");
        }
        if (versus != null && provisioning != null) {
            throw new ConfigException("versus interleaves repetitions of one shape; plan " + plan + " runs its cycles once, in order");
        }
        if (versus != null && rate > 0) {
            throw new ConfigException("versus interleaves closed workloads; the open workload (rate) runs one service at a fixed rate");
        }
        if (jmeterRemotes.distributed() && duration == 0 && !openModel()) {
            throw new ConfigException("jmeter.remotes needs duration > 0: remote engines stay in step only when each measures the same"
                    + " seconds (with loops, a faster engine starts its next repetition while another still measures)");
        }
    }

    /** Whether two services are compared, their repetitions interleaved. */
    public boolean interleaved() {
        return versus != null;
    }

    private void checkTarget(ScenarioResolver.Resolved r) {
        Loopback.httpUrl("target.url", targetUrl, "http://127.0.0.1:8080/scim/v2");
        if (targetToken == null && targetAuth == null) {
            throw new ConfigException("target.url needs target.token (a static bearer token) or target.tokenUrl (tokens obtained "
                    + "and refreshed) of that SCIM server");
        }
        if (targetToken != null && targetAuth != null) {
            throw new ConfigException("give target.token or target.tokenUrl, not both");
        }
        if (targetPid > 0 && !ProcessHandle.of(targetPid).map(ProcessHandle::isAlive).orElse(false)) {
            throw new ConfigException("target.pid " + targetPid + " is not a running process of this machine");
        }
        if (!target.ownService()) {
            throw new ConfigException("target=" + target + " provisions " + target + "; target.url benchmarks a server already running");
        }
        for (Parameter p : Parameters.ALL) {
            if (p.provisioning() && !p.key().equals(Parameters.USERS) && r.explicit(p.key())) {
                throw new ConfigException("target.url benchmarks a SCIM server that is already running, but " + p.key()
                        + " (from " + r.origins().get(p.key()) + ") provisions one; drop it");
            }
        }
    }

    /**
     * A product is provisioned by the run (Keycloak, seeded over SCIM with users > 0; OpenLDAP, loaded by slapadd): none of
     * idbench's own service settings apply but those it takes ({@link RunTarget#serviceParameters()}).
     */
    private void checkProduct(ScenarioResolver.Resolved r) {
        RunTarget t = runTarget();
        String product = t.product();
        for (Parameter p : Parameters.ALL) {
            if (p.provisioning() && !t.serviceParameters().contains(p.key()) && !p.key().equals(Parameters.USERS)
                    && r.explicit(p.key())) {
                throw new ConfigException("target=" + target + " measures " + product + ", but " + p.key() + " (from "
                        + r.origins().get(p.key()) + ") configures idbench's own service; drop it");
            }
        }
        if (versus != null) {
            throw new ConfigException("versus interleaves two idbench services; target=" + target + " runs one " + product);
        }
    }

    /**
     * The scenario a run is recorded under: the named one, unless an override changed one of its
     * axes, in which case the name says what actually ran ({@code <plan->storage[-nodyn][-es|-os]-<size>}).
     */
    private String recordScenario(ScenarioResolver.Resolved r) {
        if (targetUrl != null && targetName == null) {
            return r.scenarioNamed() ? scenario : "external";
        }
        if (targetUrl != null || !target.ownService()) {
            return scenarioPrefix() + (targetName != null ? targetName : target) + "-"
                    + ScenarioNames.size(users);
        }
        boolean changed = AXES.stream().anyMatch(r::explicit);
        return changed || r.scenarioFile() == null ? derivedName(r) : scenario;
    }

    static String derivedName(ScenarioResolver.Resolved r) {
        Plan plan = Plan.parse(r.get("plan"));
        return plan.scenarioPrefix() + (plan.inputs() == Plan.Inputs.PROVISIONING_SCHEDULE ? r.get("client") + "-" : "")
                + ScenarioNames.axes(r.get("storage"), Boolean.parseBoolean(r.get("dyn")), r.get("search"))
                + "-" + ScenarioNames.size(Long.parseLong(r.get("users")));
    }

    private static String stripSlash(String url) {
        String u = url.trim();
        return u.endsWith("/") ? u.substring(0, u.length() - 1) : u;
    }

    static int intIn(ScenarioResolver.Resolved r, String key) {
        return (int) r.whole(key);
    }

    static long longIn(ScenarioResolver.Resolved r, String key) {
        return r.whole(key);
    }

    private static double doubleIn(ScenarioResolver.Resolved r, String key) {
        return r.number(key);
    }
}
