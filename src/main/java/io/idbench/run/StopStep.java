package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.results.RunRecord;
import io.idbench.service.Endpoints;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * post-integration-test: JMeter has finished; reads the service's telemetry for the record, marks
 * the run measured (so that stopping the service does not count as an interruption), and stops
 * the service with everything it started.
 */
record StopStep(RunDirectory run, PrintStream out) {

    void stop() throws IOException, InterruptedException {
        PreparedRun state = run.prepared();
        List<ProcessHandle> services = new ArrayList<>();
        // Replicas first: they serve the first service's database and engine, which stop with it.
        replicas(run.recordDir(), services);
        measured(RunDirectory.A, run.recordDir(), services);
        if (state.interleaved()) {
            measured(RunDirectory.B, state.versus().recordPath(), services);
        }
        for (ProcessHandle service : services) {
            out.println("[idbench] Stopping the service (pid " + service.pid() + ") and everything it started…");
            if (!ServiceProcess.stop(service)) {
                out.println("[idbench] Some of the service's child processes had to be killed; see " + run.dir());
            }
        }
        awaitSampler(services.isEmpty());
    }

    /** The replicas' own telemetry (their pools and JVMs; the database is the one the first service reports) into the record. */
    private void replicas(Path record, List<ProcessHandle> services) throws IOException, InterruptedException {
        List<ObjectNode> replicas = new ArrayList<>();
        for (int k = 2; Files.exists(run.replicaInfo(k)); k++) {
            ServiceInfo replica = ServiceInfo.read(run.replicaInfo(k));
            ObjectNode node = Json.mapper().createObjectNode().put("baseUrl", replica.baseUrl());
            HttpResponse<String> r = replica.call("GET", Endpoints.TELEMETRY);
            if (r.statusCode() == 200) {
                JsonNode telemetry = Json.mapper().readTree(r.body());
                node.set("connectionPool", telemetry.path("connectionPool"));
                node.set("serviceJvm", telemetry.path("serviceJvm"));
            }
            replicas.add(node);
            ProcessHandle.of(replica.pid()).ifPresent(services::add);
        }
        if (!replicas.isEmpty()) {
            ObjectNode summary = RunRecord.read(record);
            summary.putArray("replicaTelemetry").addAll(replicas);
            RunRecord.write(record, summary);
        }
    }

    /** One side: its telemetry into its record, which is marked measured (stopping its service is no interruption now). */
    private void measured(String side, Path record, List<ProcessHandle> services) throws IOException, InterruptedException {
        if (!Files.exists(run.serviceInfo(side))) {
            RunRecord.setStatus(record, RunRecord.MEASURED, null);
            return;
        }
        ServiceInfo service = ServiceInfo.read(run.serviceInfo(side));
        JsonNode info = service.json();
        ObjectNode summary = RunRecord.read(record);
        if (info.has("product")) {
            summary.put("telemetryUnavailable", info.path("product").path("name").asText() + " has no idbench telemetry");
            summary.put("status", RunRecord.MEASURED);
            RunRecord.write(record, summary);
            ProcessHandle.of(service.pid()).ifPresent(services::add);
            return;
        }
        HttpResponse<String> r = service.call("GET", Endpoints.TELEMETRY);
        if (r.statusCode() == 200) {
            if (side.equals(RunDirectory.A)) {
                Files.writeString(run.telemetry(), r.body());
            }
            JsonNode telemetry = Json.mapper().readTree(r.body());
            summary.set("telemetry", telemetry);
            ObjectNode env = (ObjectNode) summary.path("environment");
            env.put("postgresql", telemetry.path("database").path("version").asText());
            if (info.has("searchEngine")) {
                env.set("searchEngine", info.get("searchEngine"));
            }
        } else {
            summary.put("telemetryUnavailable", "GET " + Endpoints.TELEMETRY + " answered " + r.statusCode());
        }
        summary.put("status", RunRecord.MEASURED);
        RunRecord.write(record, summary);
        ProcessHandle.of(service.pid()).ifPresent(services::add);
    }

    /**
     * The CPU sampler writes its last row when it sees the service gone: wait for it, briefly. A target given by URL (and
     * target.pid) keeps running: its sampler is stopped now, its rows until now written.
     */
    private static void awaitSampler(boolean targetStillRunning) {
        ProcessHandle.current().children().filter(p -> p.info().arguments().map(a -> Arrays.asList(a)
                .contains("cpu-sampler")).orElse(false)).forEach(p -> {
                    if (targetStillRunning) {
                        p.destroy();
                    }
                    try {
                        p.onExit().get(5, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        p.destroyForcibly();
                    }
                });
    }
}
