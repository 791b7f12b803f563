package io.idbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.support.Postmasters;
import io.idbench.support.StartsServers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeding as a user runs it, each step in its own JVM on one kept data directory: a seed stopped
 * half-way (SIGTERM during the COPY) leaves no process behind and no dataset that passes for
 * complete; the next seed says so and loads it again; then serve --users reuses it.
 */
@StartsServers
class SeedLifecycleTest {
    private static final Pattern READY = Pattern.compile("SCIM 2.0 service ready at (http://\\S+)");
    private static final String TOKEN = "seed-lifecycle-token-0123456789";
    private static final String USERS = "--users=100000";

    @TempDir
    Path dataDir;

    @Test
    void aSeedStoppedHalfWayIsRedoneThenReusedByServe() throws Exception {
        // 1. Stopped during the COPY.
        Process first = start("seed", USERS);
        List<String> output = new CopyOnWriteArrayList<>();
        BufferedReader lines = reader(first);
        readUntil(lines, output, l -> l.startsWith("seed: generate + COPY: 100,000 identities"));
        String port = Postmasters.port(output);
        first.toHandle().destroy(); // SIGTERM
        assertThat(first.waitFor(60, TimeUnit.SECONDS)).as("seed exits after SIGTERM").isTrue();
        assertThat(first.exitValue()).isNotZero();
        assertThat(Postmasters.runningOn(port)).as("PostgreSQL left behind: " + output).isFalse();

        // 2. The next seed finds the unfinished dataset, drops it and loads it again.
        List<String> second = runToEnd(start("seed", USERS));
        assertThat(second).anyMatch(l -> l.matches("Removing an interrupted seed: database idbload_jsonb_100000_nodyn_ssha256_g1_\\w+ "
                + "was never completed"));
        assertThat(second).anyMatch(l -> l.matches("Dataset jsonb_100000_nodyn_ssha256_g1_\\w+ loaded in .*: generate .*, COPY .*, "
                + "index build \\+ VACUUM ANALYZE .*, clone .*"));
        assertThat(Postmasters.runningOn(Postmasters.port(second))).isFalse();

        // 3. serve reuses it: a clone, no load.
        Process serve = start("serve", USERS, "--port=0", "--token=" + TOKEN);
        List<String> served = new CopyOnWriteArrayList<>();
        try {
            BufferedReader out = reader(serve);
            readUntil(out, served, l -> READY.matcher(l).find());
            assertThat(served).anyMatch(l -> l.startsWith("Reusing dataset jsonb, 100,000 identities, dyn=false"))
                    .anyMatch(l -> l.matches("Dataset jsonb_100000_nodyn_ssha256_g1_\\w+ reused in .*: clone .*"))
                    .noneMatch(l -> l.startsWith("seed: generate + COPY"));
            Matcher ready = READY.matcher(served.get(served.size() - 1));
            assertThat(ready.find()).isTrue();
            assertThat(get(ready.group(1) + "/Users?count=0")).contains("\"totalResults\":100000");
            assertThat(get(ready.group(1) + "/Users?filter=userName%20eq%20%22user.99999%22"))
                    .contains("\"userName\":\"user.99999\"").contains("\"display\":\"hr\"");
            serve.toHandle().destroy();
            assertThat(serve.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(Postmasters.runningOn(Postmasters.port(served))).isFalse();
        } finally {
            serve.destroyForcibly();
        }
    }

    private Process start(String command, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), Idbench.class.getName(), command,
                "--db-provider=embedded", "--pg-data-dir=" + dataDir));
        cmd.addAll(List.of(options));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static BufferedReader reader(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    private static void readUntil(BufferedReader lines, List<String> output, Predicate<String> until) throws Exception {
        CompletableFuture.runAsync(() -> {
            try {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    output.add(line);
                    if (until.test(line)) {
                        return;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            throw new AssertionError("ended before the expected line: " + output);
        }).get(180, TimeUnit.SECONDS);
    }

    private static List<String> runToEnd(Process p) throws Exception {
        List<String> output = new CopyOnWriteArrayList<>();
        try {
            CompletableFuture.runAsync(() -> reader(p).lines().forEach(output::add)).get(300, TimeUnit.SECONDS);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(String.join("\n", output)).isZero();
            return output;
        } finally {
            p.destroyForcibly();
        }
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }
}
