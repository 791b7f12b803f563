package io.idbench.run;

import io.idbench.common.Json;
import io.idbench.record.RecordFile;
import io.idbench.record.ReplicaTelemetry;
import io.idbench.record.RunStatus;
import io.idbench.record.Side;
import io.idbench.record.Telemetry;
import io.idbench.service.Endpoints;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The run's stop, once JMeter has finished: reads the service's telemetry for the record, marks the run measured (so that
 * stopping the service does not count as an interruption), and stops the service with everything it started.
 */
record StopStep(RunDirectory run, PrintStream out) {

    /** @param sampler the CPU sampler the start began, which writes its last row when it sees the services gone */
    void stop(Optional<Process> sampler) throws IOException, InterruptedException {
        PreparedRun state = run.prepared();
        List<ProcessHandle> services = new ArrayList<>();
        // Replicas first: they serve the first service's database and engine, which stop with it.
        replicas(run.recordDir(), services);
        measured(Side.A, run.recordDir(), services);
        if (state.interleaved()) {
            measured(Side.B, state.versus().recordPath(), services);
        }
        for (ProcessHandle service : services) {
            out.println("[idbench] Stopping the service (pid " + service.pid() + ") and everything it started…");
            long start = System.nanoTime();
            if (!ServiceProcess.stop(service)) {
                out.println("[idbench] The service or some of its child processes had to be killed; see " + run.dir());
            }
            out.printf(Locale.ROOT, "[idbench] Stopped in %.1f s%n", (System.nanoTime() - start) / 1e9);
        }
        sampler.ifPresent(p -> awaitSampler(p.toHandle(), services.isEmpty()));
    }

    /** The replicas' own telemetry (their pools and JVMs; the database is the one the first service reports) into the record. */
    private void replicas(Path record, List<ProcessHandle> services) throws IOException, InterruptedException {
        List<ReplicaTelemetry> replicas = new ArrayList<>();
        for (int k = 2; Files.exists(run.replicaInfo(k)); k++) {
            ServiceInfo replica = ServiceInfo.read(run.replicaInfo(k));
            Telemetry telemetry = telemetry(replica);
            replicas.add(new ReplicaTelemetry(replica.baseUrl(), telemetry == null ? null : telemetry.connectionPool(),
                    telemetry == null ? null : telemetry.serviceJvm()));
            ProcessHandle.of(replica.pid()).ifPresent(services::add);
        }
        if (!replicas.isEmpty()) {
            RecordFile.update(record, r -> r.withReplicaTelemetry(replicas));
        }
    }

    /** One side: its telemetry into its record, which is marked measured (stopping its service is no interruption now). */
    private void measured(Side side, Path record, List<ProcessHandle> services) throws IOException, InterruptedException {
        if (!Files.exists(run.serviceInfo(side))) {
            RecordFile.setStatus(record, RunStatus.MEASURED, null);
            return;
        }
        ServiceInfo service = ServiceInfo.read(run.serviceInfo(side));
        ProcessHandle.of(service.pid()).ifPresent(services::add);
        if (service.product()) {
            RecordFile.update(record, r -> r.withTelemetryUnavailable(service.ready().product().name() + " has no idbench telemetry")
                    .withStatus(RunStatus.MEASURED));
            return;
        }
        HttpResponse<String> answer = service.call("GET", Endpoints.TELEMETRY);
        if (answer.statusCode() != 200) {
            RecordFile.update(record, r -> r.withTelemetryUnavailable("GET " + Endpoints.TELEMETRY + " answered " + answer.statusCode())
                    .withStatus(RunStatus.MEASURED));
            return;
        }
        if (side == Side.A) {
            Files.writeString(run.telemetry(), answer.body());
        }
        Telemetry telemetry = Json.mapper().readValue(answer.body(), Telemetry.class);
        RecordFile.update(record, r -> r.withTelemetry(telemetry).withStatus(RunStatus.MEASURED)
                .withEnvironment(r.environment().withVersions(telemetry.database().version(), service.ready().searchEngine())));
    }

    /** A service's telemetry, or null when it does not answer with it. */
    private static Telemetry telemetry(ServiceInfo service) throws IOException, InterruptedException {
        HttpResponse<String> answer = service.call("GET", Endpoints.TELEMETRY);
        return answer.statusCode() == 200 ? Json.mapper().readValue(answer.body(), Telemetry.class) : null;
    }

    /**
     * The CPU sampler writes its last row when it sees the service gone: wait for it, briefly. A target given by URL (and
     * target.pid) keeps running: its sampler is stopped now, its rows until now written.
     */
    private static void awaitSampler(ProcessHandle p, boolean targetStillRunning) {
        if (targetStillRunning) {
            p.destroy();
        }
        try {
            p.onExit().get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            p.destroyForcibly();
        }
    }
}
