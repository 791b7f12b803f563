package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.record.RunStatus;
import io.idbench.results.RunStatistics;
import io.idbench.support.StartsServers;
import io.idbench.telemetry.EngineWatch;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Beyond one process: replicas of the service on one database ({@code -Dinstances}), and the plan on remote JMeter engines
 * ({@code -Djmeter.remotes}) started as a user starts them, with scripts/jmeter-engine.sh, here two on loopback.
 */
@StartsServers
class ScaleOutLifecycleTest extends ProjectBuildTestBase {
    private final List<Process> engines = new ArrayList<>();

    @AfterEach
    void stopEngines() throws InterruptedException {
        for (Process engine : engines) {
            engine.destroyForcibly();
            engine.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void twoReplicasServeOneDatabaseAndEachThreadReadsWhatItWroteThroughTheOther() throws Exception {
        Path log = tmp.resolve("replicas.log");
        Process mvn = verify(log, "-Dinstances=2", "-DpgDataDir=none", "-Ddb.provider=embedded", "-Dthreads=4", "-Dloops=5",
                "-Drampup=0", "-Dwarmup=1", "-DwarmupMax=5", "-Drepeat=1", "-Dsettle=0", "-DrunId=replicas");
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the build ends").isTrue();
        String output = Files.readString(log);
        assertThat(mvn.exitValue()).as(output).isZero();
        JsonNode summary = summary("jsonb-nodyn-1k", "replicas");
        assertThat(summary.path("status").asText()).isEqualTo(RunStatus.COMPLETE.word());
        assertThat(summary.path("parameters").path("instances").asText()).isEqualTo("2");
        assertThat(summary.path("service").path("replicas")).hasSize(2);
        // The plan asserts that a user created through one replica is found by userName through the other.
        assertThat(summary.path("labels").path("Read new user by userName").path("samples").asLong()).isPositive();
        assertThat(summary.path("labels").path(RunStatistics.ALL).path("errorRate").asDouble()).isZero();
        JsonNode replica = summary.path("replicaTelemetry").path(0);
        assertThat(replica.path("baseUrl").asText()).isEqualTo(summary.path("service").path("replicas").path(1).asText());
        assertThat(replica.path("connectionPool").path("acquisitions").asLong()).as("the second replica served").isPositive();
        assertThat(output).contains("[replica 2]");
    }

    /**
     * The measured phase of the two-engine run. JMeter starts remote engines one after the other and only samples taken
     * while both run count: on a loaded machine the second starts seconds late, so the phase must outlast that skew.
     */
    private static final int ENGINES_MEASURED_SECONDS = 10;

    @Test
    void twoRemoteEnginesRunThePlanIntoOneRecordAndAnEngineThatDiesFailsTheRun() throws Exception {
        String first = startEngine();
        String second = startEngine();
        String remotes = "-Djmeter.remotes=" + first + "," + second;

        Path log = tmp.resolve("engines.log");
        Process mvn = verify(log, remotes, "-Djmeter.rmi.ssl=false", "-Dplan=read-flood", "-DpgDataDir=none", "-Ddb.provider=embedded",
                "-Dthreads=2", "-Dduration=" + ENGINES_MEASURED_SECONDS, "-Drampup=0", "-Dwarmup=1", "-DwarmupMax=3", "-Drepeat=1",
                "-Dsettle=0", "-DrunId=engines");
        assertThat(mvn.waitFor(10, TimeUnit.MINUTES)).as("the build ends").isTrue();
        String output = Files.readString(log);
        assertThat(mvn.exitValue()).as(output).isZero();
        JsonNode summary = summary("read-flood-jsonb-nodyn-1k", "engines");
        JsonNode engineLoad = summary.path("engines");
        String engineView = "engines " + engineLoad + ", repetition " + summary.path("repetitions").path(0) + "\n"
                + output;
        assertThat(engineLoad.path(first).path("samples").asLong()).as("the first engine's samples: " + engineView).isPositive();
        assertThat(engineLoad.path(second).path("samples").asLong()).as("the second engine's samples: " + engineView).isPositive();
        assertThat(engineLoad.path(first).path("samples").asLong() + engineLoad.path(second).path("samples").asLong())
                .as("the engines' samples add up to the run's").isEqualTo(summary.path("labels").path(RunStatistics.ALL).path("samples")
                        .asLong());
        assertThat(engineLoad.path(first).path("cpuMs").asDouble()).as("the engine's own CPU, read by the plan").isPositive();
        assertThat(output).contains("[idbench] JMeter engine " + first + ": ", "count as JMeter in the CPU account");

        Path killedLog = tmp.resolve("engine-dies.log");
        Path jtl = project.resolve("target/jmeter/results/read-flood.csv");
        Files.deleteIfExists(jtl);
        Process dying = verify(killedLog, remotes, "-Djmeter.rmi.ssl=false", "-Dplan=read-flood", "-DpgDataDir=none",
                "-Ddb.provider=embedded", "-Dthreads=2", "-Dduration=300", "-Drampup=0", "-Dwarmup=1", "-DwarmupMax=1", "-Drepeat=1",
                "-Dsettle=0", "-DrunId=engine-dies");
        try {
            await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofMillis(500))
                    .until(() -> !dying.isAlive() || (Files.exists(jtl) && measuredSamples(jtl) > 50));
            assertThat(dying.isAlive()).as(Files.readString(killedLog)).isTrue();
            List<ProcessHandle> children = dying.toHandle().descendants().toList();
            engines.get(1).destroyForcibly();
            assertThat(dying.waitFor(3, TimeUnit.MINUTES)).as("the build ends instead of waiting for the engine").isTrue();
            String killed = Files.readString(killedLog);
            assertThat(dying.exitValue()).as(killed).isNotZero();
            assertThat(killed).containsPattern("\\[idbench] JMeter engine " + second.replace(".", "\\.")
                    + " \\([^)]+\\) stopped answering during the run: .*the run fails");
            assertThat(summary("read-flood-jsonb-nodyn-1k", "engine-dies").path("status").asText()).isEqualTo(RunStatus.FAILED.word());
            await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> assertThat(children).as("processes left behind")
                    .noneMatch(ProcessHandle::isAlive));
        } finally {
            dying.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            dying.destroyForcibly();
        }
    }

    /** An engine on loopback without SSL, as scripts/jmeter-engine.sh starts one; its host:port once it accepts connections. */
    private String startEngine() throws IOException {
        int port = freePort();
        int rmiPort = freePort();
        Path home = tmp.resolve("engine-home");
        Process engine = new ProcessBuilder(PROJECT.resolve("scripts/jmeter-engine.sh").toString(), "--port", "" + port, "--rmi-port",
                "" + rmiPort, "--no-ssl", "--home", home.toString(), "--heap", "256m").redirectErrorStream(true)
                .redirectOutput(tmp.resolve("engine-" + port + ".out").toFile()).start();
        engines.add(engine);
        String address = "127.0.0.1:" + port;
        // The first start unpacks JMeter from Maven Central's artifacts (half a minute); the second finds it there.
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(500)).until(() -> {
            assertThat(engine.isAlive()).as(Files.readString(tmp.resolve("engine-" + port + ".out"))).isTrue();
            return EngineWatch.unreachable(address) == null;
        });
        return address;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
