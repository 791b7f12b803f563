package io.idbench.run;

import io.idbench.cli.ReadyFile;
import io.idbench.cli.ServedUntilStopped;
import io.idbench.provision.DeathWatch;
import io.idbench.record.Side;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The service under test as a child process of the run: {@code idbench serve} on the run's arguments, its output in a log
 * file (echoed while it starts), stopped with SIGTERM (its own shutdown stops PostgreSQL and the engine) by the run's stop,
 * by the run itself when it fails before that, or by a shutdown hook of the run's JVM when it is stopped (Ctrl-C, SIGTERM).
 */
final class ServiceProcess {
    /** How long the service gets to stop PostgreSQL and the engine before it is killed. */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(90);

    /** The services whose stop the run asked for: any other exit is a service lost under the run. */
    private static final Set<Long> STOPPED = ConcurrentHashMap.newKeySet();
    private static volatile String lost;

    private ServiceProcess() {
    }

    /** A new run (a matrix's next scenario) has lost nothing yet. */
    static void forgetLosses() {
        lost = null;
    }

    /** Why the run lost a service it had not stopped (killed, or a server under it died), if it did. */
    static Optional<String> lost() {
        return Optional.ofNullable(lost);
    }

    /**
     * {@code java -jar idbench.jar <command> @args}: a target's provisioning command ({@code serve}, {@code keycloak}, …),
     * its output to {@code log}, stopped with the build.
     */
    static Process launch(Path jar, String command, List<String> jvmOptions, Path args, Path log) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> line = new java.util.ArrayList<>(List.of(java));
        line.addAll(jvmOptions);
        line.addAll(List.of("-jar", jar.toString(), command, "@" + args));
        ProcessBuilder pb = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile());
        // Its --stop-with-parent watches this JVM even when killed before the child looked (see ServedUntilStopped).
        pb.environment().put(ServedUntilStopped.PARENT_PID, Long.toString(ProcessHandle.current().pid()));
        Process p = pb.start();
        ProcessHandle handle = p.toHandle();
        // The service ended though the run did not stop it: killed, or a server under it died and it stopped (DeathWatch).
        // Nothing more can be measured, so JMeter and the rest are stopped and the run fails now, not after every repetition.
        var unused = p.onExit().thenAccept(exited -> {
            if (STOPPED.contains(exited.pid())) {
                return;
            }
            lost = (exited.exitValue() == DeathWatch.SERVER_DIED ? "the service stopped because a server under it died"
                    : "the service (pid " + exited.pid() + ") ended by itself with code " + exited.exitValue()) + " (see " + log
                    + ")";
            System.err.println("[idbench] " + lost + ": stopping JMeter; the run fails");
            ProcessHandle.current().children().filter(c -> c.pid() != exited.pid()).forEach(ServiceProcess::stop);
        });
        // Ctrl-C or SIGTERM during the run: besides the service, it stops any other child of the run (JMeter, during the plan).
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop(handle);
            ProcessHandle.current().children().forEach(ServiceProcess::stop);
        }, "idbench-service-stop"));
        return p;
    }

    /**
     * The CPU sampler beside the service ({@code idbench cpu-sampler}), a child of the build like
     * JMeter: small and cheap (a serial collector, C1 only), it ends by itself when the service ends.
     */
    static Process launchSampler(Path jar, ServiceInfo a, List<ServiceInfo> replicas, ServiceInfo b, List<Long> localEngines,
            RunDirectory run, boolean forks, boolean duet) throws IOException {
        // A product's service is its own process (Keycloak's JVM, slapd), not the process that provisioned it.
        long service = a.productPid() != 0 ? a.productPid() : a.pid();
        List<String> pids = new ArrayList<>(List.of("--service-pid=" + service, "--postgres-pid=" + a.providerPid(ReadyFile.POSTGRESQL),
                "--engine-pid=" + a.providerPid(ReadyFile.SEARCH_ENGINE),
                "--versus-service-pid=" + (b == null ? 0 : b.pid()),
                "--versus-postgres-pid=" + (b == null ? 0 : b.providerPid(ReadyFile.POSTGRESQL)),
                "--versus-engine-pid=" + (b == null ? 0 : b.providerPid(ReadyFile.SEARCH_ENGINE))));
        // Replicas of the service count as the service: the system under test is all of them.
        replicas.forEach(r -> pids.add("--replica-pid=" + r.pid()));
        localEngines.forEach(pid -> pids.add("--jmeter-pid=" + pid));
        if (forks) {
            // The services start again before each fork: their processes are read anew from their ready files.
            pids.add("--service-info=" + run.serviceInfo(Side.A));
            pids.add("--versus-service-info=" + run.serviceInfo(Side.B));
            pids.add("--restarting=" + run.restarting());
        }
        if (duet) {
            pids.add("--duet"); // one warm-up serves both sides
        }
        return launchSampler(jar, pids, run);
    }

    /** The sampler for a target given by URL whose server process (and its children) is {@code targetPid}. */
    static Process launchSampler(Path jar, long targetPid, List<Long> localEngines, RunDirectory run) throws IOException {
        List<String> pids = new ArrayList<>(List.of("--service-pid=" + targetPid));
        localEngines.forEach(pid -> pids.add("--jmeter-pid=" + pid));
        return launchSampler(jar, pids, run);
    }

    /** Its rows to the run's cpu.csv, its output to cpu-sampler.log; the JIT compilers first until the run's first warm-up ends. */
    private static Process launchSampler(Path jar, List<String> pids, RunDirectory run) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // Its memory probe reads a buffer outside the heap, four times the last-level cache.
        List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-Xmx64m", "-XX:MaxDirectMemorySize=160m",
                "-XX:TieredStopAtLevel=1", "-jar", jar.toString(), "cpu-sampler"));
        command.addAll(pids);
        command.add("--harness-pid=" + ProcessHandle.current().pid());
        command.add("--out=" + run.cpuSamples());
        command.add("--resources-out=" + run.resourceSamples());
        command.add("--jit-first-until=" + run.warmupReports());
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(run.dir().resolve("cpu-sampler.log").toFile())
                .start();
    }

    /**
     * SIGTERM, then wait; SIGKILL for whatever is left (the service and its children) after the timeout.
     *
     * @return whether everything ended by itself, none killed
     */
    static boolean stop(ProcessHandle service) {
        STOPPED.add(service.pid());
        if (!service.isAlive()) {
            return true;
        }
        List<ProcessHandle> children = service.descendants().toList();
        service.destroy();
        boolean clean = true;
        try {
            service.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            clean = false; // it did not end within the timeout: killed, and said so
            service.destroyForcibly();
        }
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                clean = false;
                child.destroyForcibly();
            }
        }
        return clean;
    }

    /**
     * Waits until the service wrote its ready file, echoing its log lines meanwhile; fails when it
     * exits first (a seed that failed, a port in use…) or does not get ready within the timeout.
     */
    static void awaitReady(Process p, Path readyFile, Path log, Duration timeout, Consumer<String> echo)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long[] offset = {0};
        while (!Files.exists(readyFile)) {
            // Waiting on the process's exit is the poll interval: a failed start is noticed at once.
            if (p.waitFor(250, TimeUnit.MILLISECONDS)) {
                tail(log, offset, echo);
                throw new ServiceFailedException("the service exited with code " + p.exitValue() + " before it was ready"
                        + lastError(log) + "; its log: " + log);
            }
            tail(log, offset, echo);
            if (System.nanoTime() > deadline) {
                stop(p.toHandle());
                throw new ServiceFailedException("the service was not ready within " + timeout.toSeconds()
                        + " s (startTimeout); its log: " + log);
            }
        }
        tail(log, offset, echo);
    }

    private static String lastError(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith("idbench: ")) {
                return " (" + lines.get(i).substring("idbench: ".length()) + ")";
            }
        }
        return "";
    }

    private static void tail(Path log, long[] offset, Consumer<String> echo) throws IOException {
        if (!Files.exists(log)) {
            return;
        }
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            if (f.length() <= offset[0]) {
                return;
            }
            f.seek(offset[0]);
            byte[] bytes = new byte[(int) (f.length() - offset[0])];
            f.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n');
            if (end < 0) {
                return;
            }
            offset[0] += text.substring(0, end + 1).getBytes(StandardCharsets.UTF_8).length;
            text.substring(0, end).lines().forEach(echo);
        }
    }

    /** The service could not be brought up: the run, which measured nothing, is recorded as interrupted, saying why. */
    static final class ServiceFailedException extends RuntimeException {
        ServiceFailedException(String message) {
            super(message);
        }
    }
}
