package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.cli.KilledAnywhereTest;
import io.idbench.common.Json;
import io.idbench.record.RecordFile;
import io.idbench.record.RunStatus;
import io.idbench.support.Postmasters;
import io.idbench.support.StartsServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./mvnw verify} killed with SIGKILL while JMeter has ten minutes of work ahead, and at random moments of a short run
 * (the build alone, as an OOM killer or an agent's kill does: no shutdown hook runs): the service, JMeter (at once, not when
 * its work is done), the samplers and PostgreSQL all end with it, the record
 * is whole JSON, and the next build marks what a killed build left running or measured as interrupted and succeeds on the
 * same kept data directory. Then one child of the run at a time (JMeter, the service, its PostgreSQL), killed at a random
 * moment: the run ends by itself, stops the rest and records how it ended. The moments come from a seeded generator, printed with every assertion; give it back to replay
 * the same kills ({@code -Didbench.killSeed=<seed>}: the same fractions of a whole run's time).
 */
@StartsServers
class BuildKilledAnywhereTest extends ProjectBuildTestBase {
    private static final int KILLS = Integer.getInteger(KilledAnywhereTest.KILLS_PROPERTY, 3);
    private static final String JMETER = "JMeter";
    private static final String SERVICE = "the service";
    private static final List<String> CHILDREN = List.of(JMETER, SERVICE, "PostgreSQL");

    private static String[] shortRun(Path dataDir, String runId) {
        return new String[] {"-Ddb.provider=embedded", "-DpgDataDir=" + dataDir, "-Dthreads=2", "-Dloops=20", "-Drampup=0", "-Dwarmup=1",
                "-DwarmupMax=2",
                "-Drepeat=3", "-Dsettle=0", "-DrunId=" + runId};
    }

    /** The processes still alive, each with its command line: which one outlived the build says where to look. */
    private static List<String> alive(List<ProcessHandle> processes) {
        return processes.stream().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("(command line unknown)")).toList();
    }

    @Test
    void aBuildKilledAnywhereLeavesNothingRunningAndTheNextBuildRecordsItInterrupted() throws Exception {
        Path dataDir = tmp.resolve("pg");
        long seed = Long.getLong(KilledAnywhereTest.SEED_PROPERTY, System.nanoTime());
        System.out.println("Kills drawn with seed " + seed + " (replay: -D" + KilledAnywhereTest.SEED_PROPERTY + "=" + seed + ")");
        Random random = new Random(seed);
        Process whole = verify(tmp.resolve("whole.log"), shortRun(dataDir, "whole"));
        assertThat(whole.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(whole.exitValue()).as(Files.readString(tmp.resolve("whole.log"))).isZero();
        // The run from the service's start to its record (the build before it is left out).
        JsonNode wall = summary("jsonb-nodyn-1k", "whole").path("wallTime");
        long fullMs = (long) ((wall.path("total").asDouble() - wall.path("build").asDouble()) * 1000);
        assertThat(fullMs).as("the run's wall time, from its record").isPositive();
        List<String> tried = new ArrayList<>();
        // Once where JMeter has most of its work ahead: a 10-minute repetition. A build killed outright runs no shutdown hook
        // to stop JMeter, which would load a service that is gone for ten minutes; the plans watch the build and end with it.
        Path jtl = project.resolve("target/jmeter/results/heterogeneous.csv");
        Files.deleteIfExists(jtl);
        Process measuring = verify(tmp.resolve("killed-measuring.log"), "-Ddb.provider=embedded", "-DpgDataDir=" + dataDir,
                "-Dduration=600", "-Dwarmup=1",
                "-DwarmupMax=1", "-Drampup=0", "-Drepeat=1", "-Dsettle=0", "-DrunId=killed-measuring");
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(200))
                .until(() -> !measuring.isAlive() || (Files.exists(jtl) && measuredSamples(jtl) > 100));
        List<ProcessHandle> running = measuring.toHandle().descendants().toList();
        assertThat(running).as("JMeter measures").anyMatch(p -> p.info().commandLine().orElse("").contains("ApacheJMeter"));
        measuring.destroyForcibly();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(running)
                .as("processes left running by a build killed while JMeter measured").noneMatch(ProcessHandle::isAlive));
        tried.add("build killed while JMeter measured a 10-minute repetition");
        for (int i = 0; i < KILLS; i++) {
            String runId = "killed-" + i;
            Path log = tmp.resolve(runId + ".log");
            long after = (long) (random.nextDouble() * fullMs);
            Process mvn = verify(log, shortRun(dataDir, runId));
            // From the start step on (PostgreSQL, the dataset's clone, the service, JMeter, the stop and record steps).
            await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(20))
                    .until(() -> !mvn.isAlive() || Files.readString(log).contains("[idbench] Starting the service"));
            boolean ended = mvn.waitFor(after, TimeUnit.MILLISECONDS);
            List<ProcessHandle> started = mvn.toHandle().descendants().toList();
            mvn.destroyForcibly();
            assertThat(mvn.waitFor(30, TimeUnit.SECONDS)).isTrue();
            List<String> lines = Files.readAllLines(log);
            String where = "build killed " + after + " ms into a run of " + fullMs + " (-D" + KilledAnywhereTest.SEED_PROPERTY + "=" + seed
                    + "), last said: "
                    + (lines.isEmpty() ? "nothing" : lines.get(lines.size() - 1));
            tried.add(where + (ended ? " (had ended already)" : ""));
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                assertThat(alive(started)).as("processes the build started, left running: " + where).isEmpty();
                assertThat(Postmasters.onDataDirectory(dataDir)).as("PostgreSQL left running: " + where).isEmpty();
            });
            Path record = tmp.resolve("results/jsonb-nodyn-1k").resolve(runId).resolve(RecordFile.NAME);
            if (Files.exists(record)) {
                JsonNode r = Json.mapper().readTree(record.toFile());
                assertThat(r.path("runId").asText()).as("a whole record: " + where).isEqualTo(runId);
            }
        }
        // Each kind in turn from a random first one, so that the suite's three kills cover all three.
        int first = random.nextInt(CHILDREN.size());
        for (int i = 0; i < KILLS; i++) {
            tried.add(killOneChild(CHILDREN.get((first + i) % CHILDREN.size()), random, seed, i, dataDir, fullMs));
        }
        Process after = verify(tmp.resolve("after.log"), shortRun(dataDir, "after"));
        assertThat(after.waitFor(10, TimeUnit.MINUTES)).isTrue();
        String output = Files.readString(tmp.resolve("after.log"));
        assertThat(after.exitValue()).as(tried + "\n" + output).isZero();
        assertThat(summary("jsonb-nodyn-1k", "after").path("status").asText()).isEqualTo(RunStatus.COMPLETE.word());
        assertThat(summary("jsonb-nodyn-1k", "killed-measuring").path("status").asText()).isEqualTo(RunStatus.INTERRUPTED.word());
        for (int i = 0; i < KILLS; i++) {
            Path dir = tmp.resolve("results/jsonb-nodyn-1k/killed-" + i);
            if (Files.exists(dir.resolve(RecordFile.NAME))) {
                String status = summary("jsonb-nodyn-1k", "killed-" + i).path("status").asText();
                assertThat(status).as(tried.get(i + 1) + "\n" + output).isIn(RunStatus.INTERRUPTED.word(), RunStatus.COMPLETE.word(),
                        RunStatus.FAILED.word());
            }
        }
        System.out.println("Kills tried:\n  " + String.join("\n  ", tried));
    }

    /**
     * One of the run's children (JMeter, the service or its PostgreSQL, in turn) killed outright at a random moment:
     * the build ends by itself, stops everything else, and leaves a whole record that says it did not complete as running.
     *
     * @return where the kill landed
     */
    private String killOneChild(String which, Random random, long seed, int i, Path dataDir, long fullMs) throws Exception {
        String runId = "child-killed-" + i;
        Path log = tmp.resolve(runId + ".log");
        long after = (long) (random.nextDouble() * fullMs);
        Process mvn = verify(log, shortRun(dataDir, runId));
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(20))
                .until(() -> !mvn.isAlive() || Files.readString(log).contains("[idbench] Starting the service"));
        List<ProcessHandle> started = new ArrayList<>();
        Optional<ProcessHandle> victim = Optional.empty();
        // Waiting on the build is the poll interval.
        while (victim.isEmpty() && !mvn.waitFor(20, TimeUnit.MILLISECONDS)) {
            started.addAll(mvn.toHandle().descendants().toList());
            victim = child(which, mvn, dataDir);
        }
        // At a random moment of its life, which is shorter than the run's (JMeter ends before the stop): up to half of it.
        if (victim.isPresent()) {
            victim = mvn.waitFor(after / 2, TimeUnit.MILLISECONDS) ? Optional.empty() : child(which, mvn, dataDir);
        }
        String where = which + " killed " + after / 2 + " ms after it started, in a run of " + fullMs + " (-D"
                + KilledAnywhereTest.SEED_PROPERTY + "="
                + seed + ")";
        if (victim.isEmpty()) {
            assertThat(mvn.waitFor(5, TimeUnit.MINUTES)).as("the build ends by itself: " + where).isTrue();
            assertThat(mvn.exitValue()).as(where + ", which had ended before: " + Files.readString(log)).isZero();
            return where + " (it had ended)";
        }
        started.addAll(mvn.toHandle().descendants().toList());
        victim.get().destroyForcibly();
        assertThat(mvn.waitFor(5, TimeUnit.MINUTES)).as("the build ends by itself: " + where).isTrue();
        List<String> lines = Files.readAllLines(log);
        String said = where + ", the build ended with " + mvn.exitValue() + ", the run last said: " + lines.stream().filter(
                l -> l.startsWith("[idbench]")).reduce((first, second) -> second).orElse("nothing");
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(alive(started)).as("processes the build started, left running: " + said).isEmpty();
            assertThat(Postmasters.onDataDirectory(dataDir)).as("PostgreSQL left running: " + said).isEmpty();
        });
        Path record = tmp.resolve("results/jsonb-nodyn-1k").resolve(runId).resolve(RecordFile.NAME);
        if (Files.exists(record)) {
            JsonNode r = Json.mapper().readTree(record.toFile());
            assertThat(r.path("runId").asText()).as("a whole record: " + said).isEqualTo(runId);
            assertThat(r.path("status").asText()).as("the record says the run ended: " + said).isIn(RunStatus.INTERRUPTED.word(),
                    RunStatus.FAILED.word(), RunStatus.COMPLETE.word());
        }
        return said;
    }

    /** The run's child of that kind, once it runs. */
    private static Optional<ProcessHandle> child(String which, Process mvn, Path dataDir) {
        return switch (which) {
            case JMETER -> mvn.toHandle().descendants().filter(p -> p.info().commandLine().orElse("").contains("ApacheJMeter"))
                    .findFirst();
            case SERVICE -> mvn.toHandle().descendants().filter(p -> List.of(p.info().arguments().orElse(new String[0])).contains(
                    "serve")).findFirst();
            default -> Postmasters.onDataDirectory(dataDir);
        };
    }
}
