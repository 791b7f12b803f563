package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.service.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * post-integration-test: JMeter has finished; reads the service's telemetry for the record, marks
 * the run measured (so that stopping the service does not count as an interruption), and stops
 * the service with everything it started.
 */
final class StopStep {
    private final RunDirectory run;
    private final PrintStream out;

    StopStep(RunDirectory run, PrintStream out) {
        this.run = run;
        this.out = out;
    }

    void stop() throws IOException, InterruptedException {
        Path record = run.recordDir();
        if (!Files.exists(run.serviceInfo())) {
            RunRecord.setStatus(record, RunRecord.MEASURED, null);
            return;
        }
        ServiceInfo service = ServiceInfo.read(run.serviceInfo());
        JsonNode info = service.json();
        HttpResponse<String> r = service.call("GET", "/idbench/telemetry");
        ObjectNode summary = RunRecord.read(record);
        if (r.statusCode() == 200) {
            Files.writeString(run.telemetry(), r.body());
            JsonNode telemetry = Json.mapper().readTree(r.body());
            summary.set("telemetry", telemetry);
            ObjectNode env = (ObjectNode) summary.path("environment");
            env.put("postgresql", telemetry.path("database").path("version").asText());
            if (info.has("searchEngine")) {
                env.set("searchEngine", info.get("searchEngine"));
            }
        } else {
            summary.put("telemetryUnavailable", "GET /idbench/telemetry answered " + r.statusCode());
        }
        summary.put("status", RunRecord.MEASURED);
        RunRecord.write(record, summary);
        long pid = service.pid();
        out.println("[idbench] Stopping the service (pid " + pid + ") and everything it started…");
        boolean clean = ProcessHandle.of(pid).map(ServiceProcess::stop).orElse(true);
        if (!clean) {
            out.println("[idbench] Some of the service's child processes had to be killed; see " + run.serviceLog());
        }
    }
}
