package io.idbench.targets;

import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeException;
import dev.failsafe.RetryPolicy;
import io.idbench.common.FileTrees;
import io.idbench.provision.ChildServers;
import io.idbench.provision.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Keycloak from its distribution zip on Maven Central (unpacked by the build), run as a child
 * process in production mode: HTTP on a free loopback port, {@code --cache=local} (without it
 * Keycloak forms a JGroups cluster on every interface), the SCIM API feature on, its database
 * PostgreSQL (idbench's own server) or a throw-away H2 file. A first start re-builds the server
 * image (Quarkus) for these build options; later ones with the same options do not. Ready when
 * the master realm's OpenID configuration answers; stopped with SIGTERM (then SIGKILL).
 */
public final class KeycloakServer implements AutoCloseable {
    /** A first start re-builds the image (≈ 26 s here) and creates the schema: 41 s on a quiet 2-core machine. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(500);

    private final Process process;
    private final KeycloakSetup setup;
    private final String url;
    private final Path workDir;
    private final Duration startup;

    private KeycloakServer(Process process, KeycloakSetup setup, String url, Path workDir, Duration startup) {
        this.process = process;
        this.setup = setup;
        this.url = url;
        this.workDir = workDir;
        this.startup = startup;
    }

    /**
     * @param database where Keycloak keeps its data: a PostgreSQL database, or null for H2 in the work directory
     * @param adminPassword the bootstrap admin's password (user {@link KeycloakSetup#ADMIN_USER} of realm master)
     */
    public static KeycloakServer start(KeycloakSetup setup, KeycloakDatabase database, String adminPassword) {
        return start(setup, database, adminPassword, FreePorts.take());
    }

    /** On a given port: a restart keeps its URL, so the issuer of the realm's tokens stays the same. */
    public static KeycloakServer start(KeycloakSetup setup, KeycloakDatabase database, String adminPassword, int port) {
        Path launcher = setup.home().resolve("bin").resolve("kc.sh");
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException("No Keycloak at " + setup.home() + ": a run of a Keycloak scenario unpacks it (org.keycloak:"
                    + "keycloak-quarkus-dist:" + KeycloakSetup.VERSION + " from Maven Central), so does a build with -Ptarget-keycloak;"
                    + " or give --keycloak-home");
        }
        Path work;
        try {
            Files.createDirectories(setup.workRoot());
            work = Files.createTempDirectory(setup.workRoot().toAbsolutePath(), "keycloak-");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a work directory under " + setup.workRoot(), e);
        }
        List<String> command = new ArrayList<>(List.of(launcher.toString(), "start", "--features=scim-api", "--cache=local",
                "--http-enabled=true", "--http-host=127.0.0.1", "--http-port=" + port, "--hostname-strict=false",
                "--health-enabled=false", "--metrics-enabled=false"));
        command.addAll(database.options(work));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(work.resolve("console.log").toFile());
        Map<String, String> env = pb.environment();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("JAVA_OPTS_KC_HEAP", "-Xms" + setup.heap() + " -Xmx" + setup.heap());
        env.put("KC_BOOTSTRAP_ADMIN_USERNAME", KeycloakSetup.ADMIN_USER);
        env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword);
        env.remove("JAVA_TOOL_OPTIONS");
        long t0 = System.nanoTime();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + launcher + ": " + e.getMessage(), e);
        }
        String url = "http://127.0.0.1:" + port;
        KeycloakServer started = new KeycloakServer(p, setup, url, work, null);
        try {
            awaitReady(p, url, work);
        } catch (RuntimeException e) {
            started.stop(false);
            throw e;
        }
        return new KeycloakServer(p, setup, url, work, Duration.ofNanos(System.nanoTime() - t0));
    }

    private static void awaitReady(Process p, String url, Path work) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        RetryPolicy<Boolean> untilReady = RetryPolicy.<Boolean>builder().handleResult(false).handle(IOException.class)
                .abortIf(r -> !p.isAlive()).abortOn(e -> !p.isAlive())
                .withDelay(POLL_INTERVAL).withMaxDuration(STARTUP_TIMEOUT).withMaxRetries(-1).build();
        boolean ready;
        try {
            ready = Failsafe.with(untilReady).get(() -> http.send(HttpRequest.newBuilder(
                    URI.create(url + "/realms/master/.well-known/openid-configuration")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200);
        } catch (FailsafeException e) {
            ready = false;
        }
        if (!ready) {
            throw new IllegalStateException((p.isAlive() ? "Keycloak did not become ready within " + STARTUP_TIMEOUT.toSeconds() + " s"
                    : "Keycloak exited with status " + p.exitValue()) + "; last lines of " + work.resolve("console.log") + ":\n"
                    + FileTrees.tail(work.resolve("console.log"), 20));
        }
    }

    public int port() {
        return URI.create(url).getPort();
    }

    /** http://127.0.0.1:port, the root of every Keycloak URL. */
    public String url() { return url; }

    /**
     * The Keycloak JVM: the service under test for the CPU accounting. kc.sh starts it as its child and waits (it
     * forwards SIGTERM to it), and execs it only after an implicit re-build, so it is the script's java descendant.
     */
    public long pid() {
        return process.toHandle().descendants().filter(p -> p.info().command().orElse("").endsWith("/java")).findFirst()
                .map(ProcessHandle::pid).orElse(process.pid());
    }

    public Duration startup() { return startup; }

    public Path log() { return workDir.resolve("console.log"); }

    public String description() {
        return "Keycloak " + KeycloakSetup.VERSION + " at " + url + ", ready in " + String.format("%.1f s", startup.toMillis() / 1000.0)
                + " (heap " + setup.heap() + ", cache local, SCIM API; pid " + pid() + ")";
    }

    @Override
    public void close() {
        stop(true);
    }

    /** Stops Keycloak and anything it started; its work directory (console log, H2 files) goes unless startup failed. */
    private void stop(boolean removeWorkDir) {
        ChildServers.stop(process, STOP_TIMEOUT, removeWorkDir ? workDir : null);
    }
}
