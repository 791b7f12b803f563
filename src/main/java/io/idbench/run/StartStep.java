package io.idbench.run;

import io.idbench.cli.ReadyFile;
import io.idbench.config.ConfigException;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import io.idbench.record.Service;
import io.idbench.record.Side;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The run's start: opens its record (status running), starts the service and waits until it is ready (provisioned, seeded
 * or reused), then hands its URL and credentials to JMeter; the CPU sampler runs beside it from then on.
 */
final class StartStep {
    private final Path basedir;
    private final RunDirectory run;
    private final Path jar;
    private final PrintStream out;
    private String heap;

    StartStep(Path basedir, RunDirectory run, Path jar, PrintStream out) {
        this.basedir = basedir;
        this.run = run;
        this.jar = jar;
        this.out = out;
    }

    /** @return the CPU sampler it started, if any: it ends by itself when the services end */
    Optional<Process> start() throws IOException, InterruptedException {
        // Before the record is opened: the CPU sampler and the engines' watch run from the jar, with any target.
        if (!Files.isRegularFile(jar)) {
            throw new ConfigException(jar + " is missing: the package phase did not run, or -Didbench.shade.skip=true found no"
                    + " jar packed by an earlier build");
        }
        PreparedRun state = run.prepared();
        PreparedRun.Versus versus = state.versus();
        Path record = state.recordPath();
        open(state);
        if (versus != null) {
            open(versus);
        }
        List<String> engines = state.settings().remoteEngines();
        List<Long> localEngines = JmeterRemotes.localPids(engines);
        if (!localEngines.isEmpty()) {
            out.println("[idbench] JMeter engines on this machine (pids " + localEngines.stream().map(String::valueOf).collect(
                    Collectors.joining(", ")) + ") count as JMeter in the CPU account, not as other processes");
        }
        if (!state.settings().provisioned()) {
            // No service of ours marks the record when the build stops early: the build's JVM does, as it exits.
            Path summary = record.resolve(RecordFile.NAME);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> OtherTarget.interruptIfStillRunning(summary),
                    "idbench-record-interrupted"));
            out.println("[idbench] Target " + state.parameters().get("target.url") + " is not provisioned by this run");
            long users = Long.parseLong(state.parameters().getOrDefault("users", "0"));
            OtherTarget target = new OtherTarget(run, record, out);
            if (users > 0) {
                target.seed(users);
            }
            target.probe(users, null);
            long pid = Long.parseLong(state.parameters().getOrDefault("target.pid", "0"));
            if (pid > 0) {
                out.println("[idbench] Sampling the CPU of the target's process " + pid + " and its children as the service's");
                return Optional.of(ServiceProcess.launchSampler(jar, pid, localEngines, run));
            }
            return Optional.empty();
        }
        Duration timeout = Duration.ofSeconds(state.settings().startTimeout());
        heap = state.settings().serviceHeap();
        ServiceInfo b = null;
        boolean bFirst = versus != null && Interleaving.startsFirst(state.runId()) == Side.B;
        if (versus != null) {
            out.println("[idbench] Side " + (bFirst ? "B" : "A") + "'s service starts first (drawn by the run's id: over runs, each"
                    + " side as often)");
        }
        if (bFirst) {
            b = startVersus(versus, timeout);
        }
        ServiceInfo a = startService(Side.A, jar, record, timeout);
        List<ServiceInfo> replicas = startReplicas(state, a, record, timeout);
        if (versus != null && !bFirst) {
            b = startVersus(versus, timeout);
        }
        Process sampler = ServiceProcess.launchSampler(jar, a, replicas, b, localEngines, run, versus != null
                && versus.forkCount() > 1, versus != null && Boolean.TRUE.equals(versus.duet()));
        RunTargets.of(state.settings().target()).handOver(new RunTarget.Started(run, record, out, state, a, replicas, b));
        StageSql.handOver(run, a);
        if (versus != null && versus.forkCount() > 1) {
            out.println("[idbench] " + versus.forkCount() + " forks: one JMeter run each, both services started again before each"
                    + " fork after the first");
        }
        return Optional.of(sampler);
    }

    /** The run's record, status running, from the moment its service starts; and which build runs it. */
    private void open(RunSide side) {
        RecordFile.write(side.recordPath(), RunRecord.opened(side.scenario(), side.runId(), Instant.now().toString(), side.parameters(),
                side.parameterOrigins(), side.scenarioFile(), Environment.describe(basedir)));
        RunOwner.claim(side.recordPath(), ProcessHandle.current());
    }

    private ServiceInfo startVersus(PreparedRun.Versus versus, Duration timeout) throws IOException, InterruptedException {
        return startService(Side.B, versus.jar() != null ? Path.of(versus.jar()) : jar, versus.recordPath(), timeout);
    }

    /** Starts one side's service and waits until it is ready; its record learns its seed, providers and engine. */
    private ServiceInfo startService(Side side, Path serviceJar, Path record, Duration timeout) throws IOException, InterruptedException {
        // The service marks the record interrupted if it is stopped while the run is still running.
        Files.writeString(run.serveArgs(side), "--run-record=" + ArgsFile.quoted(record.toString()) + "\n",
                StandardOpenOption.APPEND);
        RunTarget target = RunTargets.of(run.prepared().settings().target());
        String which = !run.prepared().settings().idbenchService() ? target.product()
                : side == Side.A ? "the service" : "the other side's service (versus)";
        out.println("[idbench] Starting " + which + " (log: " + basedir.relativize(run.serviceLog(side)) + ")…");
        out.flush();
        Process process = ServiceProcess.launch(serviceJar, target.commandName(), target.jvmOptions(heap), run.serveArgs(side),
                run.serviceLog(side));
        String prefix = side == Side.A ? "[service] " : "[versus] ";
        try {
            ServiceProcess.awaitReady(process, run.serviceInfo(side), run.serviceLog(side), timeout, line -> out.println(prefix + line));
        } catch (ServiceProcess.ServiceFailedException e) {
            RecordFile.setStatus(record, RunStatus.INTERRUPTED, e.getMessage());
            throw e;
        }
        ServiceInfo service = ServiceInfo.read(run.serviceInfo(side));
        ReadyFile ready = service.ready();
        Service described = service.product() ? new Service(service.baseUrl(), null, null, ready.searchEngine(), ready.product(), null)
                : new Service(service.baseUrl(), ready.storage(), ready.search(), ready.searchEngine(), null, null);
        RecordFile.update(record, r -> r.withService(described).withSeed(ready.seed() != null ? ready.seed() : r.seed())
                .withEnvironment(ready.providers() != null ? r.environment().withProviders(ready.providers()) : r.environment()));
        return service;
    }

    /** The service's replicas (instances > 1), ready; the record lists their URLs. */
    private List<ServiceInfo> startReplicas(PreparedRun state, ServiceInfo a, Path record, Duration timeout)
            throws IOException, InterruptedException {
        int instances = state.settings().instances();
        if (instances < 2) {
            return List.of();
        }
        List<ServiceInfo> replicas;
        try {
            replicas = Replicas.start(run, jar, instances, a, heap, timeout, out);
        } catch (ServiceProcess.ServiceFailedException e) {
            RecordFile.setStatus(record, RunStatus.INTERRUPTED, "a replica: " + e.getMessage());
            throw e;
        }
        List<String> urls = new ArrayList<>(List.of(a.baseUrl()));
        replicas.forEach(r -> urls.add(r.baseUrl()));
        RecordFile.update(record, r -> r.withService(r.service().withReplicas(urls)));
        return replicas;
    }

}
