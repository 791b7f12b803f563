package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.idbench.common.Json;
import io.idbench.provision.ContainerEngine;
import io.idbench.record.RecordFile;
import io.idbench.record.RunStatus;
import io.idbench.support.Postmasters;
import io.idbench.support.StartsServers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The benchmark as a user runs it ({@link ProjectBuildTestBase}), against a real service or a deliberately failing one, in
 * containers, Keycloak, and killed half-way. Each build takes about a minute.
 */
@StartsServers
class BenchmarkLifecycleTest extends ProjectBuildTestBase {

    @Test
    void aPlanAgainstAFailingServiceFailsTheBuildAndIsRecordedAsFailed() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        HttpServer failing = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        failing.createContext("/", exchange -> {
            requests.incrementAndGet();
            byte[] body = "{\"schemas\":[\"urn:ietf:params:scim:api:messages:2.0:Error\"],\"status\":\"500\",\"detail\":\"broken on purpose\"}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/scim+json");
            exchange.sendResponseHeaders(500, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        failing.start();
        try {
            Path log = tmp.resolve("failing.log");
            Process mvn = verify(log, "-Dtarget.url=http://127.0.0.1:" + failing.getAddress().getPort() + "/scim/v2",
                    "-Dtarget.token=token-for-a-broken-service", "-Dtarget.pid=" + ProcessHandle.current().pid(), "-Dthreads=2",
                    "-Dloops=3", "-Drampup=0", "-Dwarmup=0", "-DwarmupMax=0",
                    "-Drepeat=2", "-Djmeter.dashboard=true", "-DrunId=failing");
            assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the build ends").isTrue();
            String output = Files.readString(log);
            assertThat(mvn.exitValue()).as(output).isNotZero();
            assertThat(output)
                    .containsPattern("idbench: the run failed its thresholds: [A-Za-z ]+: error rate above 0% in 2 of 2 repetitions,"
                            + " the first 100\\.00% \\((\\d+) of \\1\\) \\(and \\d+ more, listed above\\)");
            assertThat(requests.get()).as("requests the failing service received").isGreaterThan(6);
            JsonNode summary = summary("external", "failing");
            assertThat(summary.path("status").asText()).isEqualTo(RunStatus.FAILED.word());
            assertThat(summary.path("labels").path("Search existing user").path("errorRate").asDouble()).isEqualTo(1.0);
            assertThat(summary.path("parameters").path("target.token").asText()).isEqualTo("***");
            assertThat(summary.path("cost").path("cpuUsPerRequest").path("service").path("value").asDouble())
                    .as("target.pid (this JVM, which answers the plan) is sampled as the service").isPositive();
            assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains("cpu-sampler"))
                    .filter(p -> p.info().commandLine().orElse("").contains(project.toString())).toList())
                    .as("the sampler of a target that outlives the run stops with it").isEmpty();
            // The site is regenerated after the run, a failed one too, before the build fails.
            Path page = project.resolve("target/site/runs/external/failing/index.html");
            assertThat(Files.readString(page)).contains("href=\"dashboard/index.html\"", "href=\"results.csv.gz\"");
            assertThat(page.resolveSibling("dashboard/index.html")).as("the JMeter dashboard, copied beside the page").exists();
            assertThat(summary.path("repetitions")).as("both repetitions, in one JMeter run").hasSize(2);
            assertThat(summary.path("settling")).as("after a settling one, recorded apart").hasSize(1);
            assertThat(summary.path("settling").path(0).path("repetition").asInt()).isZero();
            assertThat(summary.path("repetitions").path(0).path("excludedPhases").has("settle")).as("not pooled").isFalse();
            assertThat(Files.readString(project.resolve("target/site/runs.html"))).contains("failed: ");
        } finally {
            failing.stop(0);
        }
    }

    /**
     * The default path on a machine with Docker: {@code auto} picks containers. PostgreSQL and
     * Elasticsearch in containers (the local images of scripts/podman-testcontainers.sh, or the
     * official ones), a short plan, and a complete record with the server's statement statistics.
     */
    @Test
    void theBenchmarkRunsEndToEndWithPostgresAndTheEngineInContainers() throws Exception {
        ContainerEngine.Availability engine = ContainerEngine.probe();
        assumeTrue(engine.available(), () -> "the Testcontainers path not exercised: " + engine.reason()
                + " (source scripts/podman-testcontainers.sh to get one)");
        Path log = tmp.resolve("containers.log");
        Process mvn = verify(log, "-Dsearch=elasticsearch", "-Ddb.provider=testcontainers", "-Dsearch.provider=testcontainers",
                "-Dthreads=4", "-Dloops=5", "-Drampup=1", "-Dwarmup=1", "-DwarmupMax=10", "-Drepeat=2", "-Dsettle=0",
                "-DrunId=containers");
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the build ends").isTrue();
        String output = Files.readString(log);
        assertThat(mvn.exitValue()).as(output).isZero();
        JsonNode summary = summary("jsonb-nodyn-es-1k", "containers");
        assertThat(summary.path("status").asText()).isEqualTo(RunStatus.COMPLETE.word());
        JsonNode providers = summary.path("environment").path("providers");
        assertThat(providers.path("postgresql").path("provider").asText()).isEqualTo("testcontainers");
        assertThat(providers.path("searchEngine").path("provider").asText()).isEqualTo("testcontainers");
        assertThat(summary.path("environment").path("searchEngine").asText()).startsWith("Elasticsearch ");
        JsonNode telemetry = summary.path("telemetry");
        assertThat(telemetry.path("statementsWindow").asText()).isEqualTo("reset at the run's start");
        assertThat(telemetry.path("topStatements")).as("the run's statements, from pg_stat_statements in the container").isNotEmpty();
        assertThat(telemetry.path("searchIndex").path("users").asLong()).isGreaterThanOrEqualTo(1000);
        JsonNode all = summary.path("labels").path("ALL");
        assertThat(all.path("samples").asLong()).as("measured samples").isPositive();
        assertThat(all.path("errors").asLong()).isZero();
        assertThat(summary.path("repetitions")).hasSize(2);
        assertThat(summary.path("intervals").path("ALL").path("p50").path("low").asDouble())
                .isLessThanOrEqualTo(all.path("p50").asDouble());
        // Inside containers, PostgreSQL's and the engine's processes are not the run's to see: their CPU counts as others.
        assertThat(summary.path("cost").path("cpuUsPerRequest").path("service").path("value").asDouble()).isPositive();
        noSecretIsPublished("jsonb-nodyn-es-1k", "containers");
    }

    /**
     * Two services compared interleaved ({@code -Dversus.handicap}): both start (in the order the run id draws), both take an
     * issued token from their own token endpoint as plan 1 does, every repetition measures one side, and both records hold
     * the paired verdict with what it could have seen and the rounds the tolerance would take.
     */
    @Test
    void twoServicesInterleavedAreSetUpAlikeAndJudgedRoundByRound() throws Exception {
        Path log = tmp.resolve("versus.log");
        Process mvn = verify(log, "-Dversus.handicap=update:1%", "-DpgDataDir=none", "-Ddb.provider=embedded", "-Dthreads=2",
                "-Dloops=4", "-Drampup=0", "-Dwarmup=1", "-DwarmupMax=5", "-Drepeat=3", "-Dsettle=0", "-DrunId=versus");
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the build ends").isTrue();
        String output = Files.readString(log);
        assertThat(mvn.exitValue()).as(output).isZero();
        assertThat(output).containsPattern("Side [AB]'s service starts first").contains("B against A: ")
                .containsPattern("At 3 rounds it could have seen changes of ALL p50 ±\\d+\\.\\d%");
        JsonNode a = summary("jsonb-nodyn-1k", "versus");
        JsonNode b = summary("jsonb-nodyn-1k", "versus-versus");
        for (JsonNode side : List.of(a, b)) {
            assertThat(side.path("status").asText()).isEqualTo(RunStatus.COMPLETE.word());
            assertThat(side.path("repetitions")).hasSize(3);
            assertThat(side.path("labels").path("ALL").path("errors").asLong()).as("both sides accept their issued tokens").isZero();
            assertThat(side.has("dashboard")).as("JMeter's dashboard only when asked for (-Djmeter.dashboard=true)").isFalse();
            // The bootstrap's percentile interval may lean to one side; the standard error is what the noise is added to.
            assertThat(side.path("betweenRuns").path("intervals").path("ALL").path("p50").path("logSe").asDouble())
                    .isGreaterThan(side.path("intervals").path("ALL").path("p50").path("logSe").asDouble());
            // Where the build's time went: its steps' marks and JMeter's samples (no settling repetitions here).
            JsonNode wall = side.path("wallTime");
            assertThat(wall.path("repetitions").asDouble()).as(wall.toString()).isPositive();
            assertThat(wall.path("start").asDouble()).as(wall.toString()).isPositive();
            assertThat(wall.has("settle")).as(wall.toString()).isFalse();
            assertThat(wall.path("total").asDouble()).as(wall.toString())
                    .isGreaterThan(wall.path("build").asDouble() + wall.path("start").asDouble() + wall.path("repetitions").asDouble());
        }
        assertThat(output).containsPattern("Wall time [^:]+: build [0-9.]+ s · start ");
        JsonNode versus = a.path("versus");
        assertThat(versus.path("startedFirst").asText()).isIn("A", "B");
        assertThat(versus.path("roundsForMinEffect").path("p50").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(versus.path("changes")).allSatisfy(c -> assertThat(c.path("detectablePct").asDouble()).isGreaterThanOrEqualTo(5));
        assertThat(b.path("versus").path("side").asText()).isEqualTo("B");
    }

    /**
     * A duet with forks ({@code -Dversus.mode=duet -Dversus.forks=2}): every repetition measures both services at once, half
     * the threads each; each fork is its own JMeter process, and before the second the run stops both (the run is not marked
     * interrupted) and starts them again on their ports; the verdict takes the fork as its unit, and every process of the last
     * fork is stopped at the end.
     */
    @Test
    void aDuetWithForksStartsBothServicesAgainAndIsJudgedByFork() throws Exception {
        Path log = tmp.resolve("forks.log");
        Process mvn = verify(log, "-Dversus.handicap=update:1%", "-Dversus.mode=duet", "-Dversus.forks=2", "-DpgDataDir=none",
                "-Ddb.provider=embedded", "-Dthreads=2", "-Dloops=4", "-Drampup=0", "-Dwarmup=1", "-DwarmupMax=5", "-Drepeat=3",
                "-Dsettle=1", "-DrunId=forks");
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the build ends").isTrue();
        String output = Files.readString(log);
        assertThat(mvn.exitValue()).as(output).isZero();
        assertThat(output).contains("2 forks: one JMeter run each, both services started again before each fork after the first")
                .contains("as a duet (both at once, half the threads each) over 6 rounds in 2 forks")
                .containsPattern("With 2 forks of 3 rounds it could have seen changes of ALL p50 ±\\d+\\.\\d%");
        assertThat(output).containsPattern("\\[forks] fork 2: side A ready \\(pid \\d+").containsPattern(
                "\\[forks] fork 2: side B ready \\(pid \\d+").containsPattern("\\[forks] fork 2: both services ready again in");
        assertThat(project.resolve("target/jmeter/logs/heterogeneous-fork2.jmx.log")).as("the second fork's JMeter").exists();
        JsonNode a = summary("jsonb-nodyn-1k", "forks");
        JsonNode b = summary("jsonb-nodyn-1k", "forks-versus");
        for (JsonNode side : List.of(a, b)) {
            assertThat(side.path("status").asText()).as("a planned stop is no interruption").isEqualTo(RunStatus.COMPLETE.word());
            assertThat(side.path("repetitions")).as("three rounds in each of two forks").hasSize(6);
            assertThat(side.path("settling")).as("each fork settles").hasSize(2);
            assertThat(side.path("labels").path("ALL").path("errors").asLong()).as("the new services accept the plan's tokens").isZero();
        }
        JsonNode versus = a.path("versus");
        assertThat(versus.path("forks").asInt()).isEqualTo(2);
        assertThat(versus.path("duet").asBoolean()).isTrue();
        assertThat(versus.path("instanceNoise").asText()).isEqualTo("measured by the 2 forks themselves");
        JsonNode p50 = null;
        for (JsonNode c : versus.path("changes")) {
            if (c.path("label").asText().equals("ALL") && c.path("figure").asText().equals("p50")) {
                p50 = c;
            }
        }
        assertThat(p50).isNotNull();
        assertThat(p50.path("primary").asBoolean()).isTrue();
        assertThat(p50.has("instancePct")).as("how much the processes differed, from the forks").isTrue();
        for (String info : List.of("service.json", "service-versus.json")) {
            long pid = Json.mapper().readTree(project.resolve("target/idbench").resolve(info).toFile()).path("pid").asLong();
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("the last fork's service " + pid + " stopped")
                    .isFalse();
        }
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(project.toString())).map(
                p -> p.info().commandLine().orElse("")).toList()).as("nothing of the run is left running").isEmpty();
    }

    /**
     * A real identity product measured with the same plan: Keycloak provisioned from its
     * distribution on Maven Central, its database on the embedded PostgreSQL, the realm and client
     * configured, plan 1 run with client-credentials tokens, and a record of its own (scenario
     * keycloak-0, no storage or search of idbench's, Keycloak's JVM as the service's CPU).
     */
    @Test
    void keycloakIsProvisionedMeasuredAndRecordedUnderItsOwnName() throws Exception {
        Path log = tmp.resolve("keycloak.log");
        Process mvn = verify(log, "-Ptarget-keycloak", "-DpgDataDir=none", "-Ddb.provider=embedded", "-Dthreads=4", "-Dloops=5",
                "-Drampup=1", "-Dwarmup=1", "-DwarmupMax=5", "-Drepeat=2", "-Dsettle=0", "-DrunId=keycloak");
        assertThat(mvn.waitFor(15, TimeUnit.MINUTES)).as("the build ends").isTrue();
        String output = Files.readString(log);
        assumeTrue(mvn.exitValue() == 0 || !output.contains("keycloak-quarkus-dist"),
                () -> "Keycloak's distribution could not be had from Maven Central: " + output.lines()
                        .filter(l -> l.contains("keycloak-quarkus-dist")).findFirst().orElse(""));
        assertThat(mvn.exitValue()).as(output).isZero();
        assertThat(output).contains("[idbench] Target: Keycloak 26.7.3 (provisioned, its database postgres), an empty realm");
        JsonNode summary = summary("keycloak-0", "keycloak");
        assertThat(summary.path("status").asText()).isEqualTo(RunStatus.COMPLETE.word());
        assertThat(summary.path("service").path("product").path("name").asText()).isEqualTo("Keycloak");
        assertThat(summary.path("service").path("product").path("database").asText()).isEqualTo("PostgreSQL (embedded)");
        assertThat(summary.path("service").has("storage")).isFalse();
        assertThat(summary.path("parameters").has("storage")).as("a Keycloak run has no storage of idbench's").isFalse();
        assertThat(summary.path("parameters").path("target").asText()).isEqualTo("keycloak");
        JsonNode all = summary.path("labels").path("ALL");
        assertThat(all.path("samples").asLong()).as("measured samples").isPositive();
        assertThat(all.path("errors").asLong()).isZero();
        for (String label : List.of("Create new user", "Search existing user", "Read existing user by id", "Update existing user",
                "Read new user by userName", "Delete new user")) {
            assertThat(summary.path("labels").path(label).path("samples").asLong()).as(label).isPositive();
        }
        assertThat(summary.path("environment").path("providers").path("keycloak").path("pid").asLong()).isPositive();
        assertThat(summary.path("cost").path("cpuUsPerRequest").path("service").path("value").asDouble())
                .as("Keycloak's JVM is the service whose CPU is counted").isGreaterThan(100);
        assertThat(summary.path("telemetryUnavailable").asText()).isEqualTo("Keycloak has no idbench telemetry");
        String secret = Json.mapper().readTree(project.resolve("target/idbench/service.json").toFile()).path("auth").path("clientSecret")
                .asText();
        assertThat(secret).hasSizeGreaterThanOrEqualTo(16);
        assertThat(Files.readString(tmp.resolve("results/keycloak-0/keycloak").resolve(RecordFile.NAME))).doesNotContain(secret);
        assertThat(Files.readString(project.resolve("target/site/runs/keycloak-0/keycloak/index.html"))).doesNotContain(secret)
                .contains("Keycloak");
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(project.toString()))
                .filter(p -> p.info().commandLine().orElse("").contains("keycloak")).toList()).as("Keycloak stopped").isEmpty();
    }

    /**
     * Plan 6 against Keycloak seeded into its tables: user.1 made over SCIM and held against the rows the load writes, the rest
     * loaded and the dataset kept; every operation over SCIM and over the Admin API measured without error; and the SQL behind
     * each from Keycloak's own database, with the plan of its slowest statement.
     */
    @Test
    void keycloakLoadedIntoItsTablesAnswersTheKeycloakTeamsOperationsAndShowsTheirSql() throws Exception {
        Path log = tmp.resolve("keycloak-team.log");
        Process mvn = verify(log, "-Ptarget-keycloak", "-DpgDataDir=none", "-Ddb.provider=embedded", "-Dplan=keycloak-team",
                "-Dusers=300", "-Dthreads=2", "-Dduration=2", "-Drampup=1", "-Dwarmup=1", "-DwarmupMax=5",
                "-Drepeat=2", "-Dsettle=0", "-DrunId=keycloak-team");
        assertThat(mvn.waitFor(15, TimeUnit.MINUTES)).as("the build ends").isTrue();
        String output = Files.readString(log);
        assumeTrue(mvn.exitValue() == 0 || !output.contains("keycloak-quarkus-dist"),
                () -> "Keycloak's distribution could not be had from Maven Central");
        assertThat(mvn.exitValue()).as(output).isZero();
        assertThat(output).contains("user.1, created over SCIM, holds the rows a load writes")
                .contains("user.1, user.300 and hr's 300 members checked over SCIM");
        JsonNode summary = summary("keycloak-team-keycloak-300", "keycloak-team");
        assertThat(summary.path("seed").path("action").asText()).isEqualTo("loaded");
        for (String op : List.of("Read user by id", "List 100 users", "Search by userName", "Search by e-mail",
                "Search by employeeNumber")) {
            for (String protocol : List.of(" (SCIM)", " (Admin API)")) {
                JsonNode label = summary.path("labels").path(op + protocol);
                assertThat(label.path("samples").asLong()).as(op + protocol).isPositive();
                assertThat(label.path("errors").asLong()).as(op + protocol).isZero();
            }
        }
        JsonNode byUserName = summary.path("sql").path("Search by userName (SCIM)");
        assertThat(byUserName.path("statements").findValuesAsText("query")).as("the statements of the userName search")
                .anyMatch(q -> q.toLowerCase(java.util.Locale.ROOT).contains("username"));
        assertThat(byUserName.path("callsPerRequest").asDouble()).isPositive();
        assertThat(byUserName.path("slowestPlan").asText()).isNotBlank();
        assertThat(summary.has("sqlUnavailable")).isFalse();
        assertThat(summary.path("operationCpu").path("Read user by id (SCIM)").path("service").asDouble())
                .as("Keycloak's CPU per request, operation by operation").isPositive();
        assertThat(summary.path("operationCpu").has("ALL")).isFalse();
    }

    /**
     * The run's bearer token and admin password live in the build's working files only, readable by
     * their owner; neither they nor a password hash reach the record or the site.
     */
    private static void noSecretIsPublished(String scenario, String runId) throws IOException {
        Path work = project.resolve("target/idbench");
        List<String> secrets = new ArrayList<>();
        for (String line : Files.readAllLines(work.resolve("serve.args"))) {
            String arg = line.replaceAll("^\"|\"$", "");
            if (arg.startsWith("--token=") || arg.startsWith("--admin-password=")) {
                secrets.add(arg.substring(arg.indexOf('=') + 1));
            }
        }
        assertThat(secrets).hasSize(2).allMatch(x -> x.length() >= 16);
        for (String file : List.of("serve.args", "service.json", "jmeter-run.properties")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(work.resolve(file)))).as(file)
                    .isEqualTo("rw-------");
        }
        secrets.add("{SSHA256}");
        List<Path> published = new ArrayList<>();
        for (Path root : List.of(tmp.resolve("results").resolve(scenario).resolve(runId), project.resolve("target/site"))) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(Files::isRegularFile).forEach(published::add);
            }
        }
        assertThat(published).as("files of the record and the site").hasSizeGreaterThan(10);
        for (Path file : published) {
            String text = new String(file.toString().endsWith(".gz")
                    ? new GZIPInputStream(Files.newInputStream(file)).readAllBytes() : Files.readAllBytes(file),
                    StandardCharsets.ISO_8859_1);
            for (String secret : secrets) {
                assertThat(text.contains(secret)).as(file + " holds " + (secret.startsWith("{") ? "a password hash" : "a secret"))
                        .isFalse();
            }
        }
    }

    @Test
    void aRunOnADiskTooSmallForItsDatasetStopsInOneLineAndIsRecordedAsInterrupted() throws Exception {
        Path disk = tmp.resolve("small-disk");
        Files.createDirectories(disk);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=160m", "idbench-small-disk", disk.toString())
                .redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(mount.waitFor() == 0, "mounting a tmpfs needs root: " + said);
        try {
            Path log = tmp.resolve("small-disk.log");
            // Embedded: a container's PostgreSQL (auto, where an engine answers) would not use the small disk.
            Process mvn = verify(log, "-Ddb.provider=embedded", "-DpgDataDir=" + disk.resolve("pg"), "-Dpg.sharedBuffers=16MB",
                    "-Dstorage=relational",
                    "-Dusers=100000", "-DrunId=small-disk");
            assertThat(mvn.waitFor(5, TimeUnit.MINUTES)).as("the build ends").isTrue();
            String output = Files.readString(log);
            assertThat(mvn.exitValue()).as(output).isNotZero();
            String refused = "Not enough disk space to seed dataset relational, 100,000 identities";
            assertThat(output).as(output).contains(refused, " in " + disk.resolve("pg") + " (");
            JsonNode summary = summary("relational-nodyn-100k", "small-disk");
            assertThat(summary.path("status").asText()).isEqualTo(RunStatus.INTERRUPTED.word());
            assertThat(summary.path("statusReason").asText()).contains("before it was ready", refused);
            assertThat(summary.has("labels")).as("nothing measured").isFalse();
            try (Stream<Path> files = Files.list(disk.resolve("pg"))) {
                assertThat(files.map(p -> p.getFileName().toString())).as("the data directory, as PostgreSQL left it")
                        .contains("PG_VERSION");
            }
        } finally {
            new ProcessBuilder("umount", "-l", disk.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    void aRunKilledHalfWayIsRecordedAsInterruptedAndLeavesNoProcessBehind() throws Exception {
        Path log = tmp.resolve("killed.log");
        Path jtl = project.resolve("target/jmeter/results/heterogeneous.csv");
        // The project copy is shared: an earlier test's JTL must not pass for this run's.
        Files.deleteIfExists(jtl);
        // No settling repetition: with one, the first 600 s would measure with phase=settle, not measure.
        Process mvn = verify(log, "-Dduration=600", "-Dwarmup=1", "-DwarmupMax=1", "-Drampup=1", "-DpgDataDir=none",
                "-Ddb.provider=embedded", "-Drepeat=1", "-Dsettle=0", "-DrunId=killed");
        try {
            // Half-way: the plan is measuring (the JTL fills), the service and JMeter run, PostgreSQL too.
            await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofMillis(500))
                    .until(() -> !mvn.isAlive() || (Files.exists(jtl) && measuredSamples(jtl) > 100));
            assertThat(mvn.isAlive()).as(Files.readString(log)).isTrue();
            List<ProcessHandle> children = mvn.toHandle().descendants().toList();
            assertThat(children).as("the service and JMeter").hasSizeGreaterThanOrEqualTo(2);
            String pgPort = Postmasters.port(Files.readAllLines(project.resolve("target/idbench/service.log")));
            assertThat(Postmasters.runningOn(pgPort)).isTrue();
            assertThat(summary("jsonb-nodyn-1k", "killed").path("status").asText()).isEqualTo(RunStatus.RUNNING.word());

            mvn.destroy(); // SIGTERM to Maven, as a CI abort or a kill does
            assertThat(mvn.waitFor(3, TimeUnit.MINUTES)).as("Maven ends").isTrue();
            await().atMost(Duration.ofMinutes(2)).untilAsserted(() -> {
                assertThat(children).as("processes left behind").noneMatch(ProcessHandle::isAlive);
                assertThat(Postmasters.runningOn(pgPort)).as("PostgreSQL left behind").isFalse();
            });
            JsonNode summary = summary("jsonb-nodyn-1k", "killed");
            assertThat(summary.path("status").asText()).isEqualTo(RunStatus.INTERRUPTED.word());
            assertThat(summary.path("statusReason").asText()).contains("stopped before the run was recorded");
            assertThat(summary.has("labels")).as("no statistics for an interrupted run").isFalse();
        } finally {
            mvn.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            mvn.destroyForcibly();
        }
    }
}
