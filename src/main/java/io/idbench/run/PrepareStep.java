package io.idbench.run;

import io.idbench.cli.KeycloakCommand;
import io.idbench.cli.ServeCommand;
import io.idbench.common.FileTrees;
import io.idbench.common.PrivateFiles;
import io.idbench.config.ConfigException;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.TargetKind;
import io.idbench.record.RecordFile;
import io.idbench.record.Side;
import io.idbench.seed.QueryAnswers;
import io.idbench.service.TokenService;
import io.idbench.targets.KeycloakSetup;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * process-classes: resolves the run's parameters (scenario file, profiles, -D), validates all of
 * them, the service's with {@code idbench serve}'s own configuration, before anything starts; then
 * writes what the later steps and JMeter read, and clears the previous run's JMeter output.
 */
final class PrepareStep {
    /** Seconds a thread group may run past its planned length before JMeter stops it anyway. */
    static final int SLACK_SECONDS = 120;
    private static final String FRESH = "fresh";
    private static final String DYN = "dyn";
    /** The longest measured phase of a loop-count run: a bound, so that a run always stops by itself. */
    static final int MAX_LOOP_PHASE_SECONDS = 3600;

    private final Path basedir;
    private final RunDirectory run;
    private final PrintStream out;

    PrepareStep(Path basedir, RunDirectory run, PrintStream out) {
        this.basedir = basedir;
        this.run = run;
        this.out = out;
    }

    /** @return the resolved settings, once everything they imply is written */
    RunSettings prepare(Map<String, String> overrides, List<String> profiles, Instant now) throws IOException {
        ScenarioResolver resolver = new ScenarioResolver(basedir.resolve("parameters"));
        ScenarioResolver.Resolved resolved = resolver.resolve(overrides, profiles);
        RunSettings settings = new RunSettings(resolved, now);
        Path plan = basedir.resolve("jmeter").resolve(settings.plan + ".jmx");
        if (!Files.isRegularFile(plan)) {
            throw new ConfigException("plan " + settings.plan + " has no " + plan);
        }
        Path recordDir = recordDir(settings, settings.runId);
        Path baseline = settings.baseline == null ? null : basedir.resolve(settings.baseline).normalize();
        if (baseline != null) {
            RecordFile.complete(baseline, "baseline"); // refused now, not after the run
        }
        List<String> serveArgs = settings.idbenchService() ? serveArgs(resolved, Side.A)
                : settings.provisioned() ? keycloakArgs(resolved, settings) : List.of();
        Versus versus = settings.interleaved() ? versus(resolver, overrides, settings, now) : null;
        if (settings.jmeterRemotes.distributed()) {
            settings.jmeterRemotes.checkReachable(); // before anything is provisioned
        }
        FileTrees.empty(run.dir());
        Files.createDirectories(run.plans());
        Files.createDirectories(run.warmupReports());
        for (Path p : List.of(run.jmeterResults(), run.jmeterReports(), run.jmeterTestFiles())) {
            FileTrees.empty(p);
        }
        removeOldJmeterTrees(run.jmeterDir().getParent());
        if (!serveArgs.isEmpty()) {
            Files.write(PrivateFiles.ensure(run.serveArgs()), serveArgs.stream().map(PrepareStep::quoted).toList());
        }
        if (versus != null) {
            Files.write(PrivateFiles.ensure(run.serveArgs(Side.B)), versus.serveArgs.stream().map(PrepareStep::quoted).toList());
        }
        // One plan, one JMeter JVM for all repetitions: JMeter's own JIT warms up once, not in every repetition.
        Files.copy(plan, run.plans().resolve(settings.plan + ".jmx"));
        List<Side> schedule = versus == null ? List.of() : Interleaving.schedule(settings.repeat, settings.runId);
        writeJmeterProperties(settings, schedule);
        PreparedRun.Versus b = versus == null ? null : new PreparedRun.Versus(versus.settings.recordScenario,
                versus.settings.runId, versus.recordDir.toString(), versus.jar == null ? null : versus.jar.toString(),
                settings.tolerance, stripped(versus.resolved), versus.resolved.origins(), scenarioFile(versus.resolved));
        run.writeRun(new PreparedRun(settings.recordScenario, settings.runId, recordDir.toString(), now.toString(),
                new PreparedRun.Settings(settings.plan, settings.threads, settings.openModel(), settings.provisioned(),
                        settings.startTimeout, settings.serviceHeap, settings.target, settings.instances,
                        settings.jmeterRemotes.engines()),
                new PreparedRun.Thresholds(settings.maxErrorPct, settings.maxP95, settings.maxP99),
                baseline == null ? null : baseline.toString(), baseline == null ? null : settings.tolerance, settings.plan,
                settings.repeat, recorded(resolved, settings), resolved.origins(), scenarioFile(resolved), b,
                versus == null ? null : schedule));
        describe(settings, resolved, recordDir);
        if (versus != null) {
            out.println("[idbench] Versus " + versus.settings.recordScenario + (versus.jar != null ? " (jar " + versus.jar + ")" : "")
                    + (settings.versusHandicap.isBlank() ? "" : " (handicap " + settings.versusHandicap + ")") + ": "
                    + settings.repeat + " repetitions each, interleaved "
                    + schedule.stream().map(Side::name).collect(Collectors.joining(" ")) + "; recorded in "
                    + basedir.relativize(versus.recordDir));
        }
        return settings;
    }

    private Path recordDir(RunSettings settings, String runId) {
        Path recordDir = basedir.resolve(settings.results).resolve(settings.recordScenario).resolve(runId).normalize();
        if (Files.exists(recordDir)) {
            throw new ConfigException("a run is already recorded in " + recordDir + "; give another -DrunId");
        }
        return recordDir;
    }

    /** The other side of an interleaved comparison: its parameters, record, service and jar. */
    private record Versus(ScenarioResolver.Resolved resolved, RunSettings settings, Path recordDir, List<String> serveArgs, Path jar) {
    }

    /**
     * Side B: its scenario's file with this run's shape (threads, loops, repetitions … of the -D
     * overrides), its own axes, its own handicap; one plan drives both, so the plans must agree, and
     * both work on datasets of the same size. Its PostgreSQL keeps its data beside A's.
     */
    private Versus versus(ScenarioResolver resolver, Map<String, String> overrides, RunSettings a, Instant now) {
        Map<String, String> b = new LinkedHashMap<>(overrides);
        RunSettings.AXES.forEach(b::remove);
        List.of("versus", "versus.jar", "versus.handicap", "handicap", "pgDataDir", "baseline").forEach(b::remove);
        b.put("scenario", a.versus);
        if (!a.versusHandicap.isBlank()) {
            b.put("handicap", a.versusHandicap);
        }
        ScenarioResolver.Resolved resolved = resolver.resolve(b, List.of());
        RunSettings settings = new RunSettings(resolved, now);
        if (settings.plan != a.plan) {
            throw new ConfigException("versus drives both sides with one plan, but " + a.recordScenario + " runs plan " + a.plan
                    + " and " + a.versus + " plan " + settings.plan);
        }
        if (settings.users != a.users) {
            throw new ConfigException("versus compares two configurations on datasets of one size, but " + a.recordScenario + " has "
                    + a.users + " identities and " + a.versus + " " + settings.users);
        }
        Path jar = a.versusJar == null ? null : basedir.resolve(a.versusJar).normalize();
        if (jar != null && !Files.isRegularFile(jar)) {
            throw new ConfigException("versus.jar " + jar + " is not a file (build the other commit with ./mvnw package and give its"
                    + " target/idbench.jar)");
        }
        String runId = settings.recordScenario.equals(a.recordScenario) ? a.runId + "-versus" : a.runId;
        Path recordDir = recordDir(settings, runId);
        RunSettings named = new RunSettings(resolver.resolve(with(b, "runId", runId), List.of()), now);
        List<String> args = new ArrayList<>(serveArgs(resolved, Side.B));
        if (jar != null) {
            withoutOptionsUnknownTo(jar, args);
        }
        String dataDir = resolved.get("pgDataDir");
        if (!dataDir.equals(ScenarioConfig.NO_PG_DATA_DIR)) {
            args.removeIf(x -> x.startsWith("--pg-data-dir="));
            args.add("--pg-data-dir=" + dataDir + "-versus"); // both servers run at once: one data directory each
        }
        return new Versus(resolved, named, recordDir, args, jar);
    }

    /**
     * The other build may predate a serve option this one passes: an option it does not list in
     * its {@code serve --help} is left out when its value is the default (the other build then runs
     * as it always did), and refused otherwise, since the other build cannot honour it.
     */
    private static void withoutOptionsUnknownTo(Path jar, List<String> args) {
        Set<String> known = serveOptionsOf(jar);
        args.removeIf(arg -> {
            String option = arg.split("=", 2)[0];
            Optional<Parameter> p = Parameters.ALL.stream().filter(x -> option.equals(x.serveOption())).findFirst();
            if (p.isEmpty() || known.contains(option)) {
                return false;
            }
            if (arg.equals(option + "=" + p.get().defaultValue())) {
                return true;
            }
            throw new ConfigException("versus.jar " + jar + " does not know " + option + "; it can be compared only with "
                    + p.get().key() + " at its default (" + p.get().defaultValue() + ")");
        });
    }

    /** The long options {@code java -jar <jar> serve --help} lists. */
    private static Set<String> serveOptionsOf(Path jar) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try {
            Process p = new ProcessBuilder(java, "-jar", jar.toString(), "serve", "--help").redirectErrorStream(true).start();
            String help = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new ConfigException("versus.jar " + jar + ": 'serve --help' failed: " + help.lines().findFirst().orElse(""));
            }
            Set<String> options = new HashSet<>();
            Matcher m = Pattern.compile("--[a-z][a-z0-9-]*").matcher(help);
            while (m.find()) {
                options.add(m.group());
            }
            return options;
        } catch (IOException e) {
            throw new ConfigException("versus.jar " + jar + " cannot be run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConfigException("interrupted while asking versus.jar " + jar + " for its options");
        }
    }

    /** The scenario file relative to the project, or null when no scenario was named. */
    private String scenarioFile(ScenarioResolver.Resolved resolved) {
        return resolved.scenarioFile() == null ? null : basedir.relativize(resolved.scenarioFile().toAbsolutePath()).toString();
    }

    private static Map<String, String> with(Map<String, String> m, String key, String value) {
        Map<String, String> out = new LinkedHashMap<>(m);
        out.put(key, value);
        return out;
    }

    /** The service's options, validated by serve's own configuration (the same messages as the CLI). */
    private List<String> serveArgs(ScenarioResolver.Resolved resolved, Side side) {
        List<String> args = new ArrayList<>();
        for (Parameter p : Parameters.ALL) {
            String v = resolved.get(p.key());
            if (!p.provisioning() || v.isEmpty()) {
                continue;
            }
            if (p.key().equals(FRESH)) {
                if (resolved.flag(FRESH)) {
                    args.add("--fresh");
                }
            } else {
                args.add(p.serveOption() + "=" + (p.key().equals(DYN) ? resolved.flag(DYN) : v));
            }
        }
        args.add("--token=" + TokenService.randomToken());
        if (Integer.parseInt(resolved.get("instances")) > 1) {
            args.add("--token-key=" + TokenService.randomToken()); // shared by the replicas, which copy these arguments
        }
        args.addAll(AdminLogin.generate().serveOptions());
        args.add("--info-file=" + run.serviceInfo(side));
        args.add("--stop-with-parent");
        ServeCommand serve = new ServeCommand();
        try {
            new CommandLine(serve).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new ConfigException(e.getMessage());
        }
        serve.config();
        return args;
    }

    /** Keycloak's provisioning options ({@code idbench keycloak}), validated by that command's own configuration. */
    private List<String> keycloakArgs(ScenarioResolver.Resolved resolved, RunSettings settings) {
        List<String> args = new ArrayList<>();
        for (String key : Parameters.KEYCLOAK_OPTIONS) {
            String v = resolved.get(key);
            if (key.equals(FRESH)) {
                if (resolved.flag(FRESH)) {
                    args.add("--fresh");
                }
            } else if (!v.isEmpty()) {
                args.add(Parameters.get(key).orElseThrow().serveOption() + "=" + v);
            }
        }
        args.add("--keycloak-db=" + settings.keycloakDb);
        if (settings.users > 0) {
            args.add("--users=" + settings.users);
            args.add("--ids-file=" + run.idsFile());
        }
        args.add("--keycloak-heap=" + settings.serviceHeap);
        args.add("--info-file=" + run.serviceInfo(Side.A));
        args.add("--stop-with-parent");
        KeycloakCommand keycloak = new KeycloakCommand();
        try {
            new CommandLine(keycloak).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new ConfigException(e.getMessage());
        }
        keycloak.check();
        return args;
    }

    private void writeJmeterProperties(RunSettings s, List<Side> schedule) throws IOException {
        Properties p = new Properties();
        boolean byTime = s.duration > 0;
        p.setProperty("threads", "" + s.threads);
        p.setProperty("rampup", "" + s.rampup);
        p.setProperty("warmup", "" + s.warmup);
        // Remote engines cannot agree on when the service is steady: each would leave its warm-up at another moment and their
        // repetitions drift apart. A fixed warm-up (the shortest) keeps them in step; the settling repetitions take the JIT.
        p.setProperty("warmupMax", "" + (s.jmeterRemotes.distributed() ? s.warmup : s.warmupMax));
        p.setProperty("steady.pct", "" + s.steadyPct);
        p.setProperty("warmup.report.dir", run.warmupReports().toAbsolutePath().toString());
        p.setProperty("loops", byTime ? "-1" : "" + s.loops);
        // Comparing two services, every repetition of the plan measures one side, in the order of the schedule.
        int sides = schedule.isEmpty() ? 1 : 2;
        p.setProperty("repeat", "" + s.repeat * sides);
        p.setProperty("schedule", schedule.stream().map(Side::name).collect(Collectors.joining(",")));
        // Before them, each side's settling repetitions: measured apart, never pooled (docs/measurement.md).
        p.setProperty("settle", "" + s.settling());
        p.setProperty("repetitions", "" + (s.repeat + s.settling()) * sides);
        // A loop-count run still has a time bound: it always stops by itself.
        p.setProperty("duration", "" + (byTime ? s.duration : MAX_LOOP_PHASE_SECONDS));
        p.setProperty("byTime", "" + byTime);
        // Populate (and Teardown) create threads x loops identities, also when the measured phase is timed.
        p.setProperty("populate.loops", "" + s.loops);
        p.setProperty("hotset", s.hotset.id());
        p.setProperty("users", "" + s.users);
        if (s.plan == Plan.QUERY_VALUES) {
            // Its queries assert the exact count the seeded identities give, whatever the target.
            try {
                QueryAnswers.write(run.queryAnswers(), s.users);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("plan query-values counts its answers in memory: " + e.getMessage());
            }
            p.setProperty("answers.file", run.queryAnswers().toAbsolutePath().toString());
        }
        p.setProperty("rate", "" + s.rate);
        p.setProperty("open", "" + s.openModel());
        p.setProperty("run.tag", s.runId);
        p.setProperty("barrier.timeout", "" + 1000L * (s.rampup + s.warmupMax + SLACK_SECONDS));
        // Every repetition may warm up for warmupMax and measure for its bound, plus Populate and Teardown.
        p.setProperty("max.seconds", ""
                + (s.rampup + (long) (s.repeat + s.settling()) * sides * (s.warmupMax + (byTime ? s.duration : MAX_LOOP_PHASE_SECONDS)
                        + SLACK_SECONDS) + SLACK_SECONDS));
        if (!s.provisioned()) {
            p.putAll(TargetProperties.of(s.targetUrl, s.targetToken == null ? "" : s.targetToken));
            if (s.targetAuth != null) {
                p.putAll(s.targetAuth.properties(""));
            }
        }
        if (s.jmeterRemotes.distributed()) {
            p.putAll(s.jmeterRemotes.rmiProperties());
        }
        try (var w = Files.newBufferedWriter(PrivateFiles.ensure(run.jmeterProperties()))) {
            p.store(w, "idbench run " + s.runId + ": JMeter properties (the start step adds the target)");
        }
        if (s.jmeterRemotes.distributed()) {
            // The engines evaluate the plan's ${__P(…)}: they get this file's properties as JMeter's global ones. Named as
            // a file (-G<file>), not one -Gkey=value each, they stay off the command line and out of JMeter's log.
            Properties global = new Properties();
            global.setProperty(run.jmeterProperties().toAbsolutePath().toString(), "");
            Files.createDirectories(run.jmeterConfiguration());
            try (var w = Files.newBufferedWriter(run.jmeterConfiguration().resolve("global.properties"))) {
                global.store(w, "jmeter-maven-plugin passes each as -G<key>=<value>: an empty value makes it -G<file>=");
            }
        }
    }

    private void describe(RunSettings s, ScenarioResolver.Resolved r, Path recordDir) {
        String shape = s.openModel() ? s.rate + " requests/s (open model, " + s.threads + " threads)"
                : s.threads + " threads x " + (s.duration > 0 ? s.duration + " s" : s.loops + " loops");
        out.println("[idbench] Scenario " + s.recordScenario + (r.scenarioFile() != null ? " (" + basedir.relativize(
                r.scenarioFile().toAbsolutePath()) + (s.recordScenario.equals(s.scenario) ? "" : " with overrides") + ")" : "")
                + ": plan " + s.plan + ", " + shape + ", ramp-up " + s.rampup + " s, warm-up " + (s.jmeterRemotes.distributed()
                        ? s.warmup + " s on " + (s.jmeterRemotes.engines().size() == 1 ? "the remote JMeter engine"
                                : "each of " + s.jmeterRemotes.engines().size() + " remote JMeter engines, in step")
                        : s.warmup + "-" + s.warmupMax + " s until steady")
                + (s.repeat > 1 ? ", " + s.repeat + " repetitions" : "")
                + (s.settling() > 0 ? " after " + s.settling() + " settling (not pooled)" : ""));
        out.println("[idbench] " + (s.provisioned() && !s.idbenchService() ? "Target: Keycloak " + KeycloakSetup.VERSION
                + " (provisioned, its database " + s.keycloakDb + "), " + (s.users == 0 ? "an empty realm"
                        : String.format("%,d", s.users) + " identities seeded over SCIM")
                : s.provisioned() ? "Service: " + r.get("storage") + ", search " + r.get("search") + ", dyn "
                        + r.get("dyn") + ", " + String.format("%,d", s.users) + " identities"
                        : "Target: " + s.targetUrl + " (not provisioned)"));
        out.println("[idbench] Run " + s.runId + " will be recorded in " + basedir.relativize(recordDir));
    }

    /**
     * The parameters a record keeps: secrets stripped, and for another product than idbench's
     * service none of that service's settings (a Keycloak run has no storage or search mode).
     */
    private static Map<String, String> recorded(ScenarioResolver.Resolved r, RunSettings s) {
        Map<String, String> out = stripped(r);
        if (!s.idbenchService()) {
            Parameters.ALL.stream().filter(p -> p.provisioning() && !p.key().equals(Parameters.USERS)
                    && !(s.provisioned() && Parameters.KEYCLOAK_OPTIONS.contains(p.key()))).forEach(p -> out.remove(p.key()));
        }
        if (s.target == TargetKind.IDBENCH) {
            out.remove("keycloak.db");
        } else {
            out.put("users", "" + s.users); // the size it was seeded with, not the scenario file's
        }
        return out;
    }

    private static Map<String, String> stripped(ScenarioResolver.Resolved r) {
        Map<String, String> out = new LinkedHashMap<>();
        r.values().forEach((k, v) -> out.put(k, Parameters.get(k).map(Parameter::secret).orElse(false) && !v.isEmpty() ? "***" : v));
        return out;
    }

    /** picocli's @-file syntax: one argument per line, quoted when it holds spaces or quotes. */
    static String quoted(String arg) {
        return arg.matches("[^\\s\"'#]*") ? arg : "\"" + arg.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /**
     * jmeter-maven-plugin unpacks a 75 MB JMeter tree into {@code target/<random UUID>/jmeter} on every
     * build: the previous runs' trees are removed before this run's is made, so target/ does not grow
     * by one tree per run.
     */
    static void removeOldJmeterTrees(Path target) throws IOException {
        if (!Files.isDirectory(target)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(target)) {
            for (Path dir : dirs.filter(d -> d.getFileName().toString().matches("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}")
                    && Files.isRegularFile(d.resolve("jmeter/bin/jmeter.properties"))).toList()) {
                FileTrees.empty(dir);
                Files.delete(dir);
            }
        }
    }

    static List<String> profiles(String arg) {
        return Arrays.stream(arg.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
