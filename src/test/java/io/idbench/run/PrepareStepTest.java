package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.config.Choice;
import io.idbench.config.ConfigException;
import io.idbench.config.Plan;
import io.idbench.config.ScenarioConfig;
import io.idbench.config.TargetKind;
import io.idbench.record.Side;
import io.idbench.seed.QueryAnswers;
import io.idbench.support.StartsServers;
import io.idbench.support.TestSlapd;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The prepare step on the project's own parameters/ and jmeter/: every bad or contradictory
 * parameter is refused with its exact message and leaves nothing written; good ones resolve in
 * layers (defaults, scenario file, profiles, -D) into the service's arguments and JMeter's properties.
 */
class PrepareStepTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath();
    private static final Instant NOW = Instant.parse("2026-11-22T20:30:00Z");

    @TempDir
    Path tmp;
    private RunDirectory run;
    private Path basedir;

    /** The prepared run as the later phases read it, as JSON. */
    private static JsonNode runJson(RunDirectory run) {
        return Json.mapper().valueToTree(run.prepared());
    }

    @BeforeEach
    void project() throws Exception {
        // A project of the real parameters/ and jmeter/, with results going to the temp directory.
        basedir = tmp.resolve("project");
        Files.createDirectories(basedir);
        FileTrees.copy(PROJECT.resolve("parameters"), basedir.resolve("parameters"));
        FileTrees.copy(PROJECT.resolve("jmeter"), basedir.resolve("jmeter"));
        run = new RunDirectory(tmp.resolve("target/idbench"), tmp.resolve("target/jmeter"));
    }

    private RunSettings prepare(Map<String, String> overrides, String... profiles) throws Exception {
        return new PrepareStep(basedir, run, new PrintStream(new ByteArrayOutputStream())).prepare(overrides, List.of(profiles), NOW);
    }

    private static Map<String, String> d(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of(d("threads", "0"), List.of(), "threads must be between 1 and 1000, was 0"),
                Arguments.of(d("threads", "ten"), List.of(), "threads must be a whole number, was 'ten'"),
                Arguments.of(d("loops", "0"), List.of(), "loops must be between 1 and 1000000, was 0"),
                Arguments.of(d("rampup", "-1"), List.of(), "rampup must be between 0 and 3600, was -1"),
                Arguments.of(d("repeat", "101"), List.of(), "repeat must be between 1 and 100, was 101"),
                Arguments.of(d("settle", "-1"), List.of(), "settle must be between 0 and 10, was -1"),
                Arguments.of(d("warmup", "30", "warmupMax", "20"), List.of(),
                        "warmupMax (20 s, the longest warm-up) is below warmup (30 s, the shortest)"),
                Arguments.of(d("steadyPct", "0"), List.of(), "steadyPct must be between 0.1 and 100, was 0"),
                Arguments.of(d("rewarm", "0.1"), List.of(), "rewarm must be between 0.2 and 3600, was 0.1"),
                Arguments.of(d("handicap", "update"), List.of(), "handicap 'update' must be <operation>:<amount>[:wait], e.g."
                        + " update:10%, read:200us or update:300us:wait (operations: any, create, read, search, update, replace, delete;"
                        + " amounts: a percentage of the request's own time, us or ms; :wait waits instead of burning CPU)"),
                Arguments.of(d("versus", "jsonb-nodyn-1k", "target.url", "http://127.0.0.1:8080/scim/v2", "target.token", "t0k"),
                        List.of(), "versus runs two services this build provisions; target.url benchmarks one already running"),
                Arguments.of(d("maxErrorPct", "150"), List.of(), "maxErrorPct must be between 0 and 100, was 150"),
                // The plans' list is PlanTest's to pin: here, that the run refuses with Plan's own message.
                Arguments.of(d("plan", "soak"), List.of(), "plan must be one of " + Choice.idsInOrder(Plan.class) + ", was 'soak'"),
                Arguments.of(d("hotset", "some"), List.of(), "hotset must be one of populate, all, was 'some'"),
                Arguments.of(d("hotset", "all", "users", "0"), List.of(),
                        "hotset=all picks targets among the seeded identities, but users is 0"),
                Arguments.of(d("loops", "30", "duration", "60"), List.of(),
                        "give loops or duration, not both (duration > 0 measures each thread for that many seconds)"),
                Arguments.of(d("rate", "100"), List.of(),
                        "rate (the open workload) is offered by plan read-flood; plan heterogeneous is a closed workload"),
                Arguments.of(d("plan", "members", "users", "0"), List.of(), "plan members works on seeded identities; give users > 0"),
                Arguments.of(d("client", "okta"), List.of(),
                        "client is set, but plan is heterogeneous; it configures plan provisioning (-Dplan=provisioning)"),
                Arguments.of(d("plan", "provisioning", "client", "onelogin"), List.of(),
                        "client must be one of entra, entra-2020, okta, was 'onelogin'"),
                Arguments.of(d("plan", "provisioning", "provisioning.mix", "60,15,15,8"), List.of(),
                        "provisioning.mix needs five percentages (updates, joiners, movers, deactivations, deletes) or name=percent"
                                + " pairs, was '60,15,15,8'"),
                Arguments.of(d("plan", "provisioning", "provisioning.mix", "60,15,15,8,3"), List.of(),
                        "provisioning.mix must add up to 100 %, was 101 % (updates 60, joiners 15, movers 15, deactivations 8, deletes 3)"),
                Arguments.of(d("plan", "provisioning", "client", "okta", "provisioning.mix", "60,15,15,8,2"), List.of(),
                        "provisioning.mix has 2 % deletes, but okta never deletes a user (it deactivates); give deletes=0"),
                Arguments.of(d("plan", "provisioning", "provisioning.groups", "2000"), List.of(),
                        "provisioning.groups (2000) is more than users (1000): every group of the initial cycle needs a member"),
                Arguments.of(d("plan", "provisioning", "provisioning.rate", "10000", "threads", "100"), List.of(),
                        "provisioning.rate 10000/s x 100 jobs (threads) = 1000000 requests/s is more than JMeter can send on this"
                                + " machine's " + Runtime.getRuntime().availableProcessors() + " cores (at most "
                                + ProvisioningSettings.MAX_RATE_PER_CORE * Runtime.getRuntime().availableProcessors()
                                + "/s); lower provisioning.rate or threads"),
                Arguments.of(d("plan", "provisioning", "provisioning.rate", "-1"), List.of(),
                        "provisioning.rate must be between 0 and 10000, was -1"),
                Arguments.of(d("plan", "provisioning", "users", "0"), List.of(),
                        "plan provisioning provisions users identities itself (none is seeded); give users > 0"),
                Arguments.of(d("plan", "provisioning", "versus", "jsonb-nodyn-1k"), List.of(),
                        "versus interleaves repetitions of one shape; plan provisioning runs its cycles once, in order"),
                Arguments.of(d("runId", "a b"), List.of(), "runId must be letters, digits, '.', '-' or '_' (at most 100), was 'a b'"),
                Arguments.of(d(), List.of("jsonb", "relational"), "profiles -Pjsonb and -Prelational both set storage; choose one"),
                Arguments.of(d("scenario", "jsonb-nodyn-1k"), List.of("relational"),
                        "profile -Prelational sets storage=relational, but scenario jsonb-nodyn-1k has storage=jsonb;"
                                + " drop the profile or choose another scenario"),
                Arguments.of(d("storage", "jsonb"), List.of("relational"),
                        "-Dstorage=jsonb contradicts profile -Prelational (storage=relational); drop one of them"),
                Arguments.of(d(), List.of("mongo"), "unknown axis profile -Pmongo; the axis profiles are dyn, es, jsonb, nodyn, os,"
                        + " relational, sql, " + Arrays.stream(TargetKind.values()).map(TargetKind::profile).filter(Objects::nonNull)
                                .collect(Collectors.joining(", "))),
                Arguments.of(d("storage", "mongo"), List.of(), "storage must be one of jsonb, relational, was 'mongo'"),
                Arguments.of(d("dyn", "maybe"), List.of(), "dyn must be true or false, was 'maybe'"),
                Arguments.of(d("users", "-5"), List.of(), "users must be at least 0, was -5"),
                Arguments.of(d("search.url", "http://127.0.0.1:9"), List.of(),
                        "a search url is given, but search is sql; choose elasticsearch or opensearch"),
                Arguments.of(d("target.url", "http://10.1.2.3:8080/scim/v2", "target.token", "t"), List.of(),
                        "target.url must be on this machine (127.0.0.1, localhost or [::1]): idbench loads loopback only,"
                                + " was 'http://10.1.2.3:8080/scim/v2'"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2"), List.of(),
                        "target.url needs target.token (a static bearer token) or target.tokenUrl (tokens obtained and refreshed)"
                                + " of that SCIM server"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2", "target.token", "t", "target.tokenUrl",
                        "http://127.0.0.1:8080/token", "target.clientId", "c", "target.clientSecret", "s"), List.of(),
                        "give target.token or target.tokenUrl, not both"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2", "target.tokenUrl", "http://127.0.0.1:8080/token"),
                        List.of(), "target.grant=client_credentials needs target.clientId and target.clientSecret"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2", "target.tokenUrl", "http://127.0.0.1:8080/token",
                        "target.grant", "password", "target.user", "u"), List.of(),
                        "target.grant=password needs target.user and target.password"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2", "target.tokenUrl", "http://example.org/token",
                        "target.clientId", "c", "target.clientSecret", "s"), List.of(),
                        "target.tokenUrl must be on this machine (127.0.0.1, localhost or [::1]): idbench loads loopback only, was 'http://example.org/token'"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2", "target.tokenUrl", "http://127.0.0.1:8080/token",
                        "target.grant", "implicit"), List.of(), "target.grant must be one of client_credentials, password, was 'implicit'"),
                Arguments.of(d("target.clientId", "c"), List.of(), "target.clientId is given without target.tokenUrl"),
                Arguments.of(d("machine", "agent 1"), List.of(), "machine must be letters, digits, '.', '-' or '_' (at most 60), was"
                        + " 'agent 1'"),
                Arguments.of(d("target.pid", "1"), List.of(), "target.pid is given without target.url (the processes a run provisions"
                        + " are sampled anyway)"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2", "target.token", "t", "target.pid", "2147483647"), List.of(),
                        "target.pid 2147483647 is not a running process of this machine"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2", "target.token", "t", "target.pid", "-3"), List.of(),
                        "target.pid must be at least 0, was -3"),
                Arguments.of(d("target", "okta"), List.of(), "target must be one of " + Choice.idsInOrder(TargetKind.class)
                        + ", was 'okta'"),
                Arguments.of(d("target", "openldap", "storage", "relational"), List.of(), "target=openldap measures OpenLDAP's slapd,"
                        + " but storage (from -D) configures idbench's own service; drop it"),
                Arguments.of(d("target", "openldap", "versus", "jsonb-nodyn-1k"), List.of(), "versus interleaves two idbench services;"
                        + " target=openldap runs one OpenLDAP's slapd"),
                Arguments.of(d("target", "keycloak", "storage", "relational"), List.of(), "target=keycloak measures Keycloak, but"
                        + " storage (from -D) configures idbench's own service; drop it"),
                Arguments.of(d("keycloak.db", "h2"), List.of(), "keycloak.db is set, but target is idbench; add -Dtarget=keycloak"
                        + " (or -Ptarget-keycloak)"),
                Arguments.of(d("keycloak.db", "mysql"), List.of("target-keycloak"), "keycloak.db must be postgres or h2, was 'mysql'"),
                Arguments.of(d("target.name", "Keycloak 26"), List.of("target-keycloak"), "target.name must be lower-case letters,"
                        + " digits, '.', '-' or '_', starting with a letter (it names the scenario), was 'Keycloak 26'"),
                Arguments.of(d("target", "keycloak", "target.url", "http://127.0.0.1:8080/scim/v2", "target.token", "t"), List.of(),
                        "target=keycloak provisions keycloak; target.url benchmarks a server already running"),
                Arguments.of(d("target.url", "127.0.0.1:8080", "target.token", "t"), List.of(),
                        "target.url must look like http://127.0.0.1:8080/scim/v2, was '127.0.0.1:8080'"),
                Arguments.of(d("target.url", "http://127.0.0.1:8080/scim/v2", "target.token", "t", "storage", "relational"),
                        List.of(), "target.url benchmarks a SCIM server that is already running, but storage (from -D) provisions"
                                + " one; drop it"),
                Arguments.of(d("target.token", "t"), List.of(), "target.token is given without target.url"),
                Arguments.of(d("tolerance", "-5"), List.of(), "tolerance must be between 0 and 1000, was -5"),
                Arguments.of(d("instances", "9"), List.of(), "instances must be between 1 and 8, was 9"),
                Arguments.of(d("instances", "2", "target.url", "http://127.0.0.1:8080/scim/v2", "target.token", "t"), List.of(),
                        "instances starts replicas of idbench's service; target.url benchmarks a server already running (give its"
                                + " load balancer's URL there)"),
                Arguments.of(d("instances", "2"), List.of("target-keycloak"),
                        "instances starts replicas of idbench's service; target=keycloak provisions one keycloak"),
                Arguments.of(d("instances", "2", "versus", "jsonb-nodyn-1k"), List.of(),
                        "versus compares two services of one instance each; drop instances or versus"),
                Arguments.of(d("jmeter.remotes", "127.0.0.1:99999"), List.of(), "jmeter.remotes must be host:port of each engine,"
                        + " comma-separated (port 1 to 65535), was '127.0.0.1:99999'"),
                Arguments.of(d("jmeter.remotes", "127.0.0.1:1099,"), List.of(), "jmeter.remotes must be host:port of each engine,"
                        + " comma-separated (port 1 to 65535), was '127.0.0.1:1099,'"),
                Arguments.of(d("jmeter.remotes", "127.0.0.1:1099,127.0.0.1:1099", "jmeter.rmi.ssl", "false"), List.of(),
                        "jmeter.remotes names 127.0.0.1:1099 twice"),
                Arguments.of(d("jmeter.remotes", "127.0.0.1:1099"), List.of(), "jmeter.remotes talks RMI over SSL with the engines'"
                        + " keystore: give -Djmeter.rmi.keystore=<rmi_keystore.jks> (scripts/jmeter-engine.sh makes one and prints its"
                        + " path), or -Djmeter.rmi.ssl=false on a private network"),
                Arguments.of(d("jmeter.remotes", "127.0.0.1:1099", "jmeter.rmi.keystore", "/nonexistent/rmi.jks"), List.of(),
                        "jmeter.rmi.keystore /nonexistent/rmi.jks is not a readable file"),
                Arguments.of(d("jmeter.remotes", "127.0.0.1:1099", "jmeter.rmi.ssl", "false", "jmeter.rmi.keystore", "rmi.jks"),
                        List.of(), "jmeter.rmi.keystore is given, but jmeter.rmi.ssl is false; drop one"),
                Arguments.of(d("jmeter.rmi.ssl", "false"), List.of(),
                        "jmeter.rmi.ssl configures RMI to remote JMeter engines, but jmeter.remotes is empty"),
                Arguments.of(d("jmeter.remotes", "127.0.0.1:1099", "jmeter.rmi.ssl", "maybe"), List.of(),
                        "jmeter.rmi.ssl must be true or false, was 'maybe'"),
                Arguments.of(d("jmeter.remotes", "127.0.0.1:1099", "jmeter.rmi.ssl", "false"), List.of(), "jmeter.remotes needs"
                        + " duration > 0: remote engines stay in step only when each measures the same seconds (with loops, a faster"
                        + " engine starts its next repetition while another still measures)"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void aBadOrContradictoryParameterIsRefusedWithItsMessageAndChangesNothing(Map<String, String> overrides, List<String> profiles,
            String message) {
        assertThatThrownBy(() -> prepare(overrides, profiles.toArray(String[]::new)))
                .isInstanceOf(ConfigException.class).hasMessage(message);
        assertThat(run.dir()).doesNotExist();
        assertThat(basedir.resolve("results")).doesNotExist();
    }

    @Test
    void earlierBuildsJmeterTreesAreRemovedAndTheOneThisRunUsesIsKept() throws Exception {
        // As `idbench run --project=.` names it: the tree config.json names is kept however the project's path is spelt.
        run = new RunDirectory(tmp.resolve("./target/idbench"), tmp.resolve("./target/jmeter"));
        Path target = tmp.resolve("target");
        Path old = target.resolve("0b4c0d6e-1111-2222-3333-444455556666/jmeter");
        Path current = target.resolve("9f8e7d6c-1111-2222-3333-444455556666/jmeter");
        for (Path tree : List.of(old, current)) {
            Files.createDirectories(tree.resolve("bin"));
            Files.writeString(tree.resolve("bin/jmeter.properties"), "");
            Files.writeString(tree.resolve("bin/ApacheJMeter-5.6.3.jar"), "");
        }
        Files.writeString(target.resolve(JmeterInstall.PLUGIN_CONFIG), "{\"configurations\":[{\"jmeterDirectoryPath\":\"" + current
                + "\",\"runtimeJarName\":\"ApacheJMeter-5.6.3.jar\"}]}");
        prepare(d());
        assertThat(old.getParent()).as("an earlier build's tree").doesNotExist();
        assertThat(current.resolve("bin/ApacheJMeter-5.6.3.jar")).as("the tree config.json names").exists();
    }

    @Test
    void anUnknownScenarioListsTheScenarios() {
        assertThatThrownBy(() -> prepare(d("scenario", "jsonb-1x"))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("no scenario 'jsonb-1x': " + basedir.resolve("parameters/jsonb-1x.properties")
                        + " does not exist (scenarios: jsonb-10k, jsonb-1k, ");
    }

    @Test
    void anUnknownKeyInAScenarioFileIsRefused() throws Exception {
        Path own = tmp.resolve("own");
        Files.createDirectories(own.resolve("parameters"));
        FileTrees.copy(PROJECT.resolve("jmeter"), own.resolve("jmeter"));
        Files.writeString(own.resolve("parameters/typo.properties"), "storage=jsonb\nthread=10\n");
        assertThatThrownBy(() -> new PrepareStep(own, run, new PrintStream(new ByteArrayOutputStream()))
                .prepare(d("scenario", "typo"), List.of(), NOW)).isInstanceOf(ConfigException.class)
                .hasMessage(own.resolve("parameters/typo.properties") + ": unknown parameter 'thread'");
    }

    @Test
    void theDefaultScenarioResolvesIntoServeArgumentsJmeterPropertiesAndOnePlan() throws Exception {
        RunSettings s = prepare(d());
        assertThat(s.recordScenario).isEqualTo("jsonb-nodyn-1k");
        assertThat(s.runId).isEqualTo("20261122-203000");
        assertThat(Files.readAllLines(run.serveArgs())).startsWith("--storage=jsonb", "--search=sql", "--dyn=false", "--users=1000")
                .contains("--info-file=" + run.serviceInfo(), "--stop-with-parent")
                .anyMatch(a -> a.startsWith("--token=")).noneMatch(a -> a.startsWith("--fresh"));
        Properties p = jmeterProperties();
        assertThat(p).containsEntry("threads", "10").containsEntry("loops", "30").containsEntry("rampup", "10")
                .containsEntry("warmup", "5").containsEntry("warmupMax", "180").containsEntry("steady.pct", "5.0")
                .containsEntry("byTime", "false").containsEntry("repeat", "40").containsEntry("schedule", "")
                .containsEntry("settle", "1").containsEntry("repetitions", "41")
                .containsEntry("duration", "" + JmeterProperties.MAX_LOOP_PHASE_SECONDS);
        try (Stream<Path> plans = Files.list(run.plans())) {
            assertThat(plans.map(f -> f.getFileName().toString())).containsExactly("heterogeneous.jmx");
        }
        JsonNode state = runJson(run);
        assertThat(state.path("recordDir").asText()).isEqualTo(basedir.resolve("results/jsonb-nodyn-1k/20261122-203000").toString());
        assertThat(state.path("parameterOrigins").path("storage").asText()).isEqualTo("scenario jsonb-nodyn-1k");
        assertThat(state.path("parameterOrigins").path("threads").asText()).isEqualTo("default");
    }

    @Test
    void profilesAndOverridesMapOntoTheSameParametersAndNameWhatRan() throws Exception {
        RunSettings s = prepare(d("users", "100000", "duration", "60"), "relational", "es", "nodyn");
        // An axis changed: the run is recorded under what actually ran, not the default scenario's name.
        assertThat(s.recordScenario).isEqualTo("relational-nodyn-es-100k");
        assertThat(Files.readAllLines(run.serveArgs())).startsWith("--storage=relational", "--search=elasticsearch", "--dyn=false",
                "--users=100000");
        assertThat(jmeterProperties()).containsEntry("loops", "-1").containsEntry("duration", "60").containsEntry("byTime", "true")
                .containsEntry("populate.loops", "30").containsEntry("users.atLeastOne", "100000").containsEntry("rewarm", "1");
        assertThat(runJson(run).path("parameterOrigins").path("storage").asText()).isEqualTo("-Prelational");
    }

    @Test
    void theOpenModelHasNoSettlingRepetition() throws Exception {
        assertThat(prepare(d("scenario", "read-flood-jsonb-nodyn-1k", "rate", "100", "repeat", "2")).settling())
                .as("its repetitions are timed: nothing to settle").isZero();
        assertThat(jmeterProperties()).containsEntry("settle", "0").containsEntry("repetitions", "2");
    }

    @Test
    void anOverrideOutsideTheAxesKeepsTheScenarioName() throws Exception {
        assertThat(prepare(d("scenario", "relational-nodyn-1k", "threads", "4")).recordScenario).isEqualTo("relational-nodyn-1k");
    }

    @Test
    void allRepetitionsRunOnePlanAndSecretsAreStripped() throws Exception {
        prepare(d("repeat", "3", "db.password", "s3cret"));
        try (Stream<Path> plans = Files.list(run.plans())) {
            assertThat(plans.map(f -> f.getFileName().toString())).containsExactly("heterogeneous.jmx");
        }
        assertThat(jmeterProperties()).containsEntry("repeat", "3");
        assertThat(runJson(run).path("parameters").path("db.password").asText()).isEqualTo("***");
        assertThat(Files.readString(run.jmeterProperties())).doesNotContain("s3cret");
        assertThat(run.dir().resolve("run.json")).as("the prepared run stays in the run's memory").doesNotExist();
    }

    @Test
    void versusRunsTheOtherScenarioInterleavedBesideItsOwnDataDirectory() throws Exception {
        RunSettings s = prepare(d("scenario", "jsonb-nodyn-10k", "versus", "relational-nodyn-10k", "repeat", "3", "threads", "4"));
        assertThat(s.interleaved()).isTrue();
        List<String> schedule = Arrays.asList(jmeterProperties().getProperty("schedule").split(","));
        assertThat(schedule).hasSize(6);
        for (int round = 0; round < 3; round++) {
            assertThat(schedule.subList(2 * round, 2 * round + 2)).as("round %d", round).containsExactlyInAnyOrder("A", "B");
        }
        assertThat(jmeterProperties()).containsEntry("repeat", "6").containsEntry("threads", "4")
                .as("a settling repetition of each side first").containsEntry("settle", "1").containsEntry("repetitions", "8");
        JsonNode versus = runJson(run).path("versus");
        assertThat(versus.path("scenario").asText()).isEqualTo("relational-nodyn-10k");
        assertThat(versus.path("recordDir").asText()).isEqualTo(basedir.resolve("results/relational-nodyn-10k/20261122-203000").toString());
        assertThat(versus.path("parameters").path("threads").asText()).as("the shape is shared").isEqualTo("4");
        assertThat(Files.readAllLines(run.serveArgs(Side.B))).startsWith("--storage=relational")
                .contains("--info-file=" + run.serviceInfo(Side.B),
                        "--pg-data-dir=" + ScenarioConfig.DEFAULT_PG_DATA_DIR + "-versus");
    }

    @Test
    void versusWithOnlyAHandicapComparesTheScenarioWithItself() throws Exception {
        prepare(d("scenario", "jsonb-nodyn-10k", "versus.handicap", "update:10%", "repeat", "2"));
        JsonNode versus = runJson(run).path("versus");
        assertThat(versus.path("recordDir").asText()).endsWith("jsonb-nodyn-10k/20261122-203000-versus");
        assertThat(Files.readAllLines(run.serveArgs(Side.B))).contains("--handicap=update:10%");
        assertThat(Files.readAllLines(run.serveArgs())).noneMatch(a -> a.startsWith("--handicap"));
    }

    @Test
    void versusRefusesAnotherPlanAnotherSizeOrAMissingJar() {
        assertThatThrownBy(() -> prepare(d("scenario", "jsonb-nodyn-10k", "versus", "read-flood-jsonb-nodyn-100k")))
                .isInstanceOf(ConfigException.class).hasMessage("versus drives both sides with one plan, but jsonb-nodyn-10k runs plan"
                        + " heterogeneous and read-flood-jsonb-nodyn-100k plan read-flood");
        assertThatThrownBy(() -> prepare(d("scenario", "jsonb-nodyn-10k", "versus", "relational-nodyn-1k")))
                .isInstanceOf(ConfigException.class).hasMessage("versus compares two configurations on datasets of one size, but"
                        + " jsonb-nodyn-10k has 10000 identities and relational-nodyn-1k 1000");
        assertThatThrownBy(() -> prepare(d("versus.jar", "old/idbench.jar")))
                .isInstanceOf(ConfigException.class).hasMessage("versus.jar " + basedir.resolve("old/idbench.jar")
                        + " is not a file (build the other commit with ./mvnw package and give its target/idbench.jar)");
        assertThat(run.dir()).doesNotExist();
    }

    @Test
    void anExternalTargetIsHandedToJmeterInParts() throws Exception {
        RunSettings s = prepare(d("target.url", "http://127.0.0.1:8080/scim/v2/", "target.token", "t0k"));
        assertThat(s.provisioned()).isFalse();
        assertThat(s.recordScenario).isEqualTo("external");
        assertThat(run.serveArgs()).doesNotExist();
        assertThat(jmeterProperties()).containsEntry("target.host", "127.0.0.1").containsEntry("target.port", "8080")
                .containsEntry("target.path", "/scim/v2").containsEntry("token", "t0k");
        assertThat(runJson(run).path("parameters").path("target.token").asText()).isEqualTo("***");
    }

    @Test
    void keycloakIsProvisionedWithItsOwnOptionsAndRecordedUnderItsName() throws Exception {
        RunSettings s = prepare(d("keycloak.db", "h2", "target.name", "keycloak-h2"), "target-keycloak");
        assertThat(s.provisioned()).isTrue();
        assertThat(s.idbenchService()).isFalse();
        assertThat(s.users).isZero(); // the default scenario's 1,000 seed idbench's service, not Keycloak
        assertThat(s.recordScenario).isEqualTo("keycloak-h2-0");
        assertThat(Files.readAllLines(run.serveArgs())).contains("--keycloak-db=h2", "--keycloak-heap=1g", "--stop-with-parent")
                .noneMatch(a -> a.startsWith("--storage") || a.startsWith("--token"));
        JsonNode parameters = runJson(run).path("parameters");
        assertThat(parameters.path("users").asText()).isEqualTo("0");
        assertThat(parameters.has("storage")).as("a Keycloak run has no storage of idbench's").isFalse();
        assertThat(parameters.has("search")).isFalse();
        assertThat(runJson(run).path("settings").path("target").asText()).isEqualTo("keycloak");
    }

    @Test
    void aKeycloakScenarioFileSizesItsTargetWithItsProfileBeside() throws Exception {
        RunSettings s = prepare(d("scenario", "keycloak-team-keycloak-50k"), "target-keycloak");
        assertThat(s.users).isEqualTo(50_000);
        assertThat(s.recordScenario).isEqualTo("keycloak-team-keycloak-50k");
        assertThat(Files.readAllLines(run.serveArgs())).contains("--users=50000", "--seed-method=auto");
        assertThat(jmeterProperties()).doesNotContainKey("admin.path"); // handed over once Keycloak is ready
    }

    @Test
    void aPlanNotYetWrittenForLdapIsRefusedBeforeAnythingStarts() throws Exception {
        Files.delete(basedir.resolve("jmeter/ldap-members.jmx")); // plans 1 to 4 have their LDAP version: one taken away
        assertThatThrownBy(() -> prepare(d("plan", "members", "users", "1000"), "target-openldap")).isInstanceOf(ConfigException.class)
                .hasMessage("plan members is not written for LDAP yet (no " + basedir.resolve("jmeter/ldap-members.jmx")
                        + "); target=openldap runs heterogeneous, read-flood, query-values");
        assertThat(run.serveArgs()).doesNotExist();
    }

    /** The runs of OpenLDAP: its command checks that slapd is installed, which the quick tier does not do (it installs nothing). */
    @Nested
    @StartsServers
    class OverLdap {
        @BeforeEach
        void slapd() throws Exception {
            TestSlapd.installIfMissing();
        }

        @Test
        void openldapIsLoadedBySlapaddAndPlaysTheLdapVersionOfThePlan() throws Exception {
            RunSettings s = prepare(d("users", "10000"), "target-openldap");
            assertThat(s.provisioned()).isTrue();
            assertThat(s.idbenchService()).isFalse();
            assertThat(s.recordScenario).isEqualTo("openldap-10k");
            assertThat(Files.readAllLines(run.serveArgs()))
                    .contains("--users=10000", "--info-file=" + run.serviceInfo(), "--stop-with-parent")
                    .noneMatch(a -> a.startsWith("--storage") || a.startsWith("--fresh"));
            // Under the plan's own name, so that its results file is the one the record step reads.
            assertThat(run.plans().resolve("heterogeneous.jmx")).hasSameTextualContentAs(basedir.resolve("jmeter/ldap-heterogeneous.jmx"));
            JsonNode parameters = runJson(run).path("parameters");
            assertThat(parameters.path("users").asText()).isEqualTo("10000");
            assertThat(parameters.has("storage")).isFalse();
            assertThat(parameters.has("keycloak.db")).isFalse();
            assertThat(runJson(run).path("settings").path("target").asText()).isEqualTo("openldap");
        }

        @Test
        void aDirectoryScenarioFileSizesItsOwnTarget() throws Exception {
            RunSettings s = prepare(d("scenario", "members-openldap-100k"));
            assertThat(s.recordScenario).isEqualTo("members-openldap-100k");
            assertThat(s.users).isEqualTo(100_000);
            assertThat(Files.readAllLines(run.serveArgs())).contains("--users=100000");
            assertThat(run.plans().resolve("members.jmx")).hasSameTextualContentAs(basedir.resolve("jmeter/ldap-members.jmx"));
        }

        @Test
        void plan4OverLdapIsGivenTheExactAnswersOfItsSize() throws Exception {
            RunSettings s = prepare(d("scenario", "query-values-openldap-10k"));
            assertThat(s.users).isEqualTo(10_000);
            assertThat(run.plans().resolve("query-values.jmx")).hasSameTextualContentAs(basedir.resolve("jmeter/ldap-query-values.jmx"));
            assertThat(jmeterProperties()).containsEntry("answers.file", run.queryAnswers().toAbsolutePath().toString());
            assertThat(Files.readAllLines(run.queryAnswers())).hasSize(QueryAnswers.ROWS + 1)
                    .containsAll(QueryAnswers.rows(10_000, QueryAnswers.ROWS).stream().map(r -> r.ssnFloor() + "," + r.aboveFloor() + ","
                            + r.n() + "," + r.byEmail()).toList());
        }
    }

    @Test
    void keycloakWithASizeIsSeededOverScimAndItsIdsGoToThePlans() throws Exception {
        RunSettings s = prepare(d("plan", "read-flood", "users", "10000"), "target-keycloak");
        assertThat(s.recordScenario).isEqualTo("read-flood-keycloak-10k");
        assertThat(Files.readAllLines(run.serveArgs())).contains("--users=10000", "--ids-file=" + run.idsFile());
        assertThat(jmeterProperties()).containsEntry("users", "10000");
    }

    /** The scenario files a run can prepare here (an OpenLDAP one needs slapd installed, which the quick tier does not do). */
    static Stream<String> scenarioFiles() throws java.io.IOException {
        try (Stream<Path> files = Files.list(PROJECT.resolve("parameters"))) {
            return files.filter(f -> f.toString().endsWith(".properties")).filter(f -> {
                try {
                    return !Files.readString(f).contains("target=openldap");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(f -> f.getFileName().toString().replace(".properties", "")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("scenarioFiles")
    void everyScenarioFilePreparesAndIsRecordedUnderItsName(String scenario) throws Exception {
        assertThat(prepare(d("scenario", scenario)).recordScenario).isEqualTo(scenario);
    }

    @Test
    void everyMatrixNamesScenarioFilesOrOtherMatrices() throws Exception {
        try (Stream<Path> matrices = Files.list(PROJECT.resolve("parameters/matrix"))) {
            for (Path m : matrices.toList()) {
                for (String entry : Files.readAllLines(m).stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                        .toList()) {
                    Path named = entry.startsWith("@") ? PROJECT.resolve("parameters/matrix/" + entry.substring(1) + ".txt")
                            : PROJECT.resolve("parameters/" + entry + ".properties");
                    assertThat(named).as(m.getFileName() + " names " + entry).exists();
                }
            }
        }
    }

    @Test
    void planFiveProvisionsItsUsersIntoAnEmptyServiceFromOneScheduleFilePerJob() throws Exception {
        RunSettings s = prepare(d("plan", "provisioning", "users", "10000", "threads", "4", "client", "okta"));
        assertThat(s.recordScenario).isEqualTo("provisioning-okta-jsonb-nodyn-10k");
        assertThat(Files.readAllLines(run.serveArgs())).contains("--users=0").doesNotContain("--users=10000");
        // Its repetitions are its incremental cycles; the initial cycle runs first, recorded apart.
        assertThat(s.repeat).isEqualTo(1);
        assertThat(s.settling()).isEqualTo(1);
        Properties p = jmeterProperties();
        assertThat(p).containsEntry("client", "okta").containsEntry("provisioning.segments", "0:users,0:groups,1:users,1:groups")
                .containsEntry("provisioning.segments.count", "4").containsEntry("provisioning.rate", "25")
                .containsEntry("provisioning.prefix", "prov-" + s.runId).containsEntry("users", "10000");
        try (Stream<Path> files = Files.list(run.provisioning())) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("job-0.csv", "job-1.csv", "job-2.csv",
                    "job-3.csv");
        }
        assertThat(Files.readAllLines(run.provisioning().resolve("job-1.csv"))).first().isEqualTo("0,users,1,create_user,prov-"
                + s.runId + ".u2,,");
        // Okta never deletes: the default mix's deletes became deactivations, and the record says so.
        assertThat(runJson(run).path("parameters").path("provisioning.mix").asText()).isEqualTo("60,15,15,10,0");
    }

    @Test
    void planFourGetsTheExactAnswersOfItsQueriesForTheSeededSizeOnAnyTarget() throws Exception {
        RunSettings s = prepare(d("plan", "query-values", "users", "10000"), "target-keycloak");
        assertThat(s.recordScenario).isEqualTo("query-values-keycloak-10k");
        assertThat(jmeterProperties()).containsEntry("answers.file", run.queryAnswers().toAbsolutePath().toString());
        List<String> lines = Files.readAllLines(run.queryAnswers());
        assertThat(lines).hasSize(1 + QueryAnswers.ROWS).first().isEqualTo(QueryAnswers.HEADER);
        assertThat(lines.subList(1, lines.size())).containsExactlyElementsOf(
                QueryAnswers.rows(10_000, QueryAnswers.ROWS).stream().map(r -> r.ssnFloor() + "," + r.aboveFloor() + "," + r.n() + ","
                        + r.byEmail()).toList());
    }

    @Test
    void anExternalTargetWithATokenEndpointHandsItsClientToJmeterAndRecordsNoSecret() throws Exception {
        RunSettings s = prepare(d("target.url", "http://127.0.0.1:8080/realms/r/scim/v2", "target.tokenUrl",
                "http://127.0.0.1:8080/realms/r/protocol/openid-connect/token", "target.clientId", "bench", "target.clientSecret",
                "s3cret", "target.name", "keycloak-ext"));
        assertThat(s.recordScenario).isEqualTo("keycloak-ext-0");
        assertThat(jmeterProperties()).containsEntry("token.url", "http://127.0.0.1:8080/realms/r/protocol/openid-connect/token")
                .containsEntry("token.grant", "client_credentials").containsEntry("token.clientId", "bench")
                .containsEntry("token.clientSecret", "s3cret").containsEntry("token", "");
        JsonNode parameters = runJson(run).path("parameters");
        assertThat(parameters.path("target.clientSecret").asText()).isEqualTo("***");
        assertThat(parameters.has("storage")).isFalse();
    }

    @Test
    void aBaselineThatCannotBeComparedIsRefusedBeforeTheRun() {
        assertThatThrownBy(() -> prepare(d("baseline", "results/none"))).isInstanceOf(ConfigException.class)
                .hasMessage("the baseline " + basedir.resolve("results/none") + " has no summary.json");
        assertThat(run.dir()).doesNotExist();
    }

    @Test
    void aRunIdAlreadyRecordedIsRefused() throws Exception {
        Files.createDirectories(basedir.resolve("results/jsonb-nodyn-1k/r1"));
        assertThatThrownBy(() -> prepare(d("runId", "r1"))).isInstanceOf(ConfigException.class)
                .hasMessage("a run is already recorded in " + basedir.resolve("results/jsonb-nodyn-1k/r1") + "; give another -DrunId");
    }

    @Test
    void remoteEnginesMustAnswerBeforeAnythingIsProvisioned() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        assertThatThrownBy(() -> prepare(d("jmeter.remotes", "127.0.0.1:" + closed, "jmeter.rmi.ssl", "false", "duration", "10")))
                .isInstanceOf(ConfigException.class).hasMessage("JMeter engine 127.0.0.1:" + closed + " (Connection refused) does not"
                        + " answer: start each on its host with scripts/jmeter-engine.sh --port <port>");
        assertThat(run.dir()).doesNotExist();
    }

    @Test
    void remoteEnginesWarmUpInStepAndReplicasShareATokenKey() throws Exception {
        try (ServerSocket engine = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            prepare(d("jmeter.remotes", "127.0.0.1:" + engine.getLocalPort(), "jmeter.rmi.ssl", "false", "instances", "2",
                    "duration", "10", "warmup", "7"));
        }
        // No engine waits for a steady state the others cannot see: each warms up for warmup s, in step.
        assertThat(jmeterProperties()).containsEntry("server.rmi.ssl.disable", "true").containsEntry("warmup", "7")
                .containsEntry("warmupMax", "7");
        assertThat(Files.readAllLines(run.serveArgs())).anyMatch(a -> a.matches("--token-key=\\S{32,}"));
        assertThat(runJson(run).path("parameters").path("instances").asText()).isEqualTo("2");
    }

    private Properties jmeterProperties() throws Exception {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(run.jmeterProperties())) {
            p.load(in);
        }
        return p;
    }
}
