package io.idbench.run;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.idbench.common.Json;
import io.idbench.common.PrivateFiles;
import io.idbench.record.PlannedStop;
import io.idbench.record.Side;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A comparison's forks ({@code versus.forks}): before each fork after the first, the plan (its thread 1, between two barriers)
 * asks this process, beside JMeter, to start both services again: {@code POST /restart?fork=k} on a loopback port. It stops
 * both (their PostgreSQL and engine with them, the stop marked planned so the run goes on), then starts them one after the
 * other in an order drawn from the run's id and the fork, from the same arguments and on the same ports (their databases
 * cloned again from the kept dataset), and answers once both are ready, with how long it took. The services it starts are its
 * children: they stop with it, and the stop step stops the last ones from their ready files as it stops any.
 */
final class ForkKeeper {
    /** How long one side may take to stop and start again (its engine included) before the fork fails the run. */
    static final Duration RESTART_TIMEOUT = Duration.ofMinutes(10);

    private final RunDirectory run;
    private final Path jar;
    private final PrintStream out;
    private final PreparedRun state;

    ForkKeeper(RunDirectory run, Path jar, PrintStream out) throws IOException {
        this.run = run;
        this.jar = jar;
        this.out = out;
        this.state = run.prepared();
    }

    /** {@code java -cp idbench.jar io.idbench.run.ForkKeeper <run dir> <jmeter dir> <jar>}: serves until the build ends. */
    public static void main(String[] args) throws Exception {
        RunDirectory run = new RunDirectory(Path.of(args[0]), Path.of(args[1]));
        ForkKeeper keeper = new ForkKeeper(run, Path.of(args[2]), System.out);
        keeper.serve(ProcessHandle.current().parent().orElseThrow());
    }

    /** The keeper as a child of the build; its URL once it listens (the plan reads it as {@code forks.url}). */
    static String launch(Path jar, RunDirectory run) throws IOException, InterruptedException {
        Files.deleteIfExists(run.forkKeeperUrl());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-XX:+UseSerialGC", "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", jar.toString(),
                ForkKeeper.class.getName(), run.dir().toAbsolutePath().toString(), run.jmeterDir().toAbsolutePath().toString(),
                jar.toAbsolutePath().toString()).redirectErrorStream(true).redirectOutput(run.forkKeeperLog().toFile()).start();
        ServiceProcess.awaitReady(p, run.forkKeeperUrl(), run.forkKeeperLog(), Duration.ofSeconds(60), line -> {});
        return Files.readString(run.forkKeeperUrl()).strip();
    }

    /** Listens on a free loopback port until {@code harness} ends. */
    void serve(ProcessHandle harness) throws IOException, InterruptedException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newSingleThreadExecutor()); // one restart at a time
        server.createContext("/restart", this::handle);
        server.start();
        Path url = run.forkKeeperUrl();
        Path partial = url.resolveSibling(url.getFileName() + ".tmp");
        Files.writeString(partial, "http://127.0.0.1:" + server.getAddress().getPort());
        Files.move(partial, url, StandardCopyOption.ATOMIC_MOVE);
        out.println("[forks] listening on " + Files.readString(url));
        CountDownLatch ended = new CountDownLatch(1);
        var unused = harness.onExit().thenRun(ended::countDown);
        ended.await();
        server.stop(0);
        System.exit(0); // the services it started stop with it (ServiceProcess's hook)
    }

    private void handle(HttpExchange exchange) throws IOException {
        int status;
        String body;
        try {
            String query = exchange.getRequestURI().getQuery();
            if (!"POST".equals(exchange.getRequestMethod()) || query == null || !query.matches("fork=[1-9]\\d{0,2}")) {
                status = 400;
                body = Json.mapper().writeValueAsString(Map.of("error", "expected POST /restart?fork=<2…>"));
            } else {
                body = Json.mapper().writeValueAsString(restart(Integer.parseInt(query.substring("fork=".length()))));
                status = 200;
            }
        } catch (Exception e) {
            out.println("[forks] failed: " + e.getMessage());
            status = 500;
            body = Json.mapper().writeValueAsString(Map.of("error", String.valueOf(e.getMessage())));
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (var os = exchange.getResponseBody()) {
            os.write(bytes);
        }
    }

    /** Both services stopped, then started again in the fork's order; what the plan records of it. */
    Map<String, Object> restart(int fork) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Side first = Interleaving.startsFirst(state.runId() + "-fork" + fork);
        List<Side> order = first == Side.A ? List.of(Side.A, Side.B) : List.of(Side.B, Side.A);
        out.println("[forks] fork " + fork + ": stopping both services, then starting " + order);
        Map<Side, Integer> ports = new LinkedHashMap<>();
        Files.writeString(run.restarting(), "fork " + fork);
        try {
            for (Side side : List.of(Side.A, Side.B)) {
                ports.put(side, stop(side));
            }
            for (Side side : order) {
                start(side, fork, ports.get(side));
            }
        } finally {
            Files.deleteIfExists(run.restarting());
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("fork", fork);
        answer.put("startedFirst", first.name());
        answer.put("seconds", Math.round((System.nanoTime() - start) / 1e7) / 100.0);
        return answer;
    }

    /** Stops a side's service on purpose (its run goes on); its port. */
    private int stop(Side side) throws IOException {
        ServiceInfo info = ServiceInfo.read(run.serviceInfo(side));
        Path record = record(side);
        PlannedStop.mark(record, info.pid());
        try {
            ProcessHandle.of(info.pid()).ifPresent(ServiceProcess::stop);
        } finally {
            PlannedStop.clear(record, info.pid());
        }
        Files.delete(run.serviceInfo(side));
        return URI.create(info.baseUrl()).getPort();
    }

    private void start(Side side, int fork, int port) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>();
        for (String line : Files.readAllLines(run.serveArgs(side))) {
            // The dataset is kept from the first start: each fork clones it again rather than loading it anew.
            if (!line.equals("--fresh") && !line.startsWith("--port=")) {
                args.add(line);
            }
        }
        args.add("--port=" + port);
        String name = run.serveArgs(side).getFileName().toString().replace(".args", "-fork" + fork + ".args");
        Path argsFile = run.dir().resolve(name);
        Files.write(PrivateFiles.ensure(argsFile), args);
        Path log = run.dir().resolve(run.serviceLog(side).getFileName().toString().replace(".log", "-fork" + fork + ".log"));
        RunTarget target = RunTargets.of(state.settings().target());
        Path serviceJar = side == Side.B && state.versus().jar() != null ? Path.of(state.versus().jar()) : jar;
        Process p = ServiceProcess.launch(serviceJar, target.commandName(), target.jvmOptions(state.settings().serviceHeap()), argsFile,
                log);
        ServiceProcess.awaitReady(p, run.serviceInfo(side), log, RESTART_TIMEOUT, line -> {});
        OwnServiceTarget.resetTelemetry(ServiceInfo.read(run.serviceInfo(side)));
        out.println("[forks] fork " + fork + ": side " + side + " ready (pid " + p.pid() + ", log " + log.getFileName() + ")");
    }

    private Path record(Side side) {
        return side == Side.A ? state.recordPath() : state.versus().recordPath();
    }

    /** Waits briefly for the keeper to end (the build's end ends it too). */
    static void stop(ProcessHandle keeper) {
        keeper.destroy();
        try {
            keeper.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            keeper.destroyForcibly();
        }
    }
}
