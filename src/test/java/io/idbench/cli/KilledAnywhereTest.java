package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.support.Postmasters;
import io.idbench.support.StartsServers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seed and a serve killed with SIGKILL at random moments (power loss, the OOM killer), each in its own JVM on one kept data
 * directory: the load, its index builds, the clone and the service's start all get cut somewhere. After each kill nothing is
 * left running, the seed record is whole JSON or absent, and no half-made dataset passes for complete; at the end a seed
 * succeeds and reuses only a complete dataset. The moments come from a seeded generator, printed with every assertion; give it
 * back to replay the same kills ({@code -Didbench.killSeed=<seed>}: the same fractions of a whole seed's time).
 */
@StartsServers
public class KilledAnywhereTest {
    /** How many kills a run draws: {@code -Didbench.kills=30} for a dedicated run (docs/contributing.md). */
    public static final String KILLS_PROPERTY = "idbench.kills";
    private static final int KILLS = Integer.getInteger(KILLS_PROPERTY, 8);
    private static final String USERS = "--users=20000";
    /** The system property that replays a failure's kills. */
    public static final String SEED_PROPERTY = "idbench.killSeed";

    @TempDir
    Path tmp;

    @Test
    void aKillAtAnyMomentLeavesNothingRunningAndNothingHalfMadeThatPassesForComplete() throws Exception {
        Path dataDir = tmp.resolve("pg");
        long seed = Long.getLong(SEED_PROPERTY, System.nanoTime());
        System.out.println("Kills drawn with seed " + seed + " (replay: -D" + SEED_PROPERTY + "=" + seed + ")");
        Random random = new Random(seed);
        // How long a whole seed takes here, loaded afresh: the random kills fall anywhere within it.
        long t0 = System.nanoTime();
        List<String> whole = runToEnd(start(dataDir, "seed", "--fresh", USERS));
        long fullMs = (System.nanoTime() - t0) / 1_000_000;
        assertThat(whole).anyMatch(l -> l.startsWith("Dataset relational_20000_nodyn_"));
        List<String> tried = new ArrayList<>();
        // Once on purpose where a kill once left PostgreSQL running: while it starts, before its pid is known.
        Process starting = start(dataDir, "serve", USERS, "--port=0", "--token=killed-anywhere-token-0123456789");
        List<String> said = drain(starting);
        // The postmaster has written its pid file, and pg_ctl still waits for it to accept connections.
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(5))
                .until(() -> Files.exists(dataDir.resolve("postmaster.pid")));
        starting.destroyForcibly();
        assertThat(starting.waitFor(30, TimeUnit.SECONDS)).isTrue();
        tried.add("serve killed as its PostgreSQL started, last said: " + said.get(said.size() - 1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(Postmasters.onDataDirectory(dataDir))
                .as("PostgreSQL left running after a kill during its start").isEmpty());
        for (int i = 0; i < KILLS; i++) {
            boolean load = i % 2 == 0; // a fresh load, or a serve that clones the kept dataset and starts
            Path record = tmp.resolve("seed-" + i + ".json");
            long after = (long) (random.nextDouble() * fullMs);
            Process p = load ? start(dataDir, "seed", "--fresh", USERS, "--record=" + record)
                    : start(dataDir, "serve", USERS, "--port=0", "--token=killed-anywhere-token-0123456789");
            List<String> output = drain(p);
            boolean ended = p.waitFor(after, TimeUnit.MILLISECONDS);
            p.destroyForcibly();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            String where = (load ? "seed" : "serve") + " killed after " + after + " ms of " + fullMs + " (-D" + SEED_PROPERTY + "=" + seed
                    + "), last said: "
                    + (output.isEmpty() ? "nothing" : output.get(output.size() - 1));
            tried.add(where + (ended ? " (had ended already)" : ""));
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(Postmasters.onDataDirectory(dataDir))
                    .as("PostgreSQL left running: " + where).isEmpty());
            if (Files.exists(record)) {
                JsonNode r = Json.mapper().readTree(record.toFile());
                assertThat(r.path("dataset").asText()).as("a whole seed record: " + where).startsWith("relational_20000_nodyn_");
            }
        }
        // The next seed reuses a complete dataset or loads one whole; nothing half-made is taken.
        List<String> last = runToEnd(start(dataDir, "seed", USERS));
        assertThat(last).as(String.join("\n", tried)).anyMatch(l -> l.matches("Dataset relational_20000_nodyn_\\w+ (loaded|reused) in .*"));
        List<String> listed = runToEnd(start(dataDir, "datasets"));
        assertThat(listed).as("only complete datasets, after: \n" + String.join("\n", tried))
                .anyMatch(l -> l.contains("idbset_relational_20000_nodyn_")).noneMatch(l -> l.contains("idbload_"));
        assertThat(Postmasters.onDataDirectory(dataDir)).isEmpty();
        System.out.println("[KilledAnywhereTest] " + String.join("\n[KilledAnywhereTest] ", tried));
    }

    private static Process start(Path dataDir, String command, String... options) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), Idbench.class.getName(), command, "--pg-data-dir=" + dataDir));
        if (!command.equals("datasets")) {
            cmd.addAll(List.of("--db-provider=embedded", "--storage=relational"));
        }
        cmd.addAll(List.of(options));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    /** The process's lines as they come, kept. */
    private static List<String> drain(Process p) {
        List<String> output = new CopyOnWriteArrayList<>();
        // Nothing to wait for: the reader ends with the process's output.
        var unused = CompletableFuture.runAsync(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                lines.lines().forEach(output::add);
            } catch (IOException | UncheckedIOException e) {
                // the process was killed: its output ends here
            }
        });
        return output;
    }

    private static List<String> runToEnd(Process p) throws Exception {
        List<String> output = new CopyOnWriteArrayList<>();
        try {
            CompletableFuture.runAsync(() -> new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                    .lines().forEach(output::add)).get(300, TimeUnit.SECONDS);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(String.join("\n", output)).isZero();
            return output;
        } finally {
            p.destroyForcibly();
        }
    }
}
