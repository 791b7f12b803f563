package io.idbench.run;

import io.idbench.common.PrivateFiles;
import io.idbench.record.PlannedStop;
import io.idbench.record.Side;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A comparison's forks ({@code versus.forks}): between one fork's JMeter run and the next, the run stops both services (their
 * PostgreSQL and engine with them, the stop marked planned so the run goes on), then starts them one after the other in an
 * order drawn from the run's id and the fork, from the same arguments and on the same ports (their databases cloned again
 * from the kept dataset). The new JVMs are cold: each side warms up in full again in the next fork.
 */
final class ForkRestart {
    /** How long one side may take to stop and start again (its engine included) before the fork fails the run. */
    static final Duration RESTART_TIMEOUT = Duration.ofMinutes(10);

    private final RunDirectory run;
    private final Path jar;
    private final PrintStream out;
    private final PreparedRun state;

    ForkRestart(RunDirectory run, Path jar, PrintStream out) {
        this.run = run;
        this.jar = jar;
        this.out = out;
        this.state = run.prepared();
    }

    /** Both services stopped, then started again in the fork's order; says so, with how long it took. */
    void restart(int fork) throws IOException, InterruptedException {
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
        out.printf(Locale.ROOT, "[forks] fork %d: both services ready again in %.1f s (side %s started first)%n", fork,
                (System.nanoTime() - start) / 1e9, first);
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
}
