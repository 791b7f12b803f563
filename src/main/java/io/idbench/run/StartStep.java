package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.service.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;

/**
 * pre-integration-test: opens the run's record (status running), starts the service and waits
 * until it is ready (provisioned, seeded or reused), then hands its URL and credentials to JMeter.
 */
final class StartStep {
    private final Path basedir;
    private final RunDirectory run;
    private final Path jar;
    private final PrintStream out;

    StartStep(Path basedir, RunDirectory run, Path jar, PrintStream out) {
        this.basedir = basedir;
        this.run = run;
        this.jar = jar;
        this.out = out;
    }

    void start() throws IOException, InterruptedException {
        ObjectNode state = run.readRun();
        Path record = Path.of(state.path("recordDir").asText());
        ObjectNode summary = Json.mapper().createObjectNode();
        summary.put("status", RunRecord.RUNNING).put("scenario", state.path("scenario").asText())
                .put("runId", state.path("runId").asText()).put("started", Instant.now().toString());
        summary.set("parameters", state.path("parameters"));
        summary.set("parameterOrigins", state.path("parameterOrigins"));
        if (state.has("scenarioFile")) {
            summary.set("scenarioFile", state.get("scenarioFile"));
        }
        summary.set("environment", Environment.describe(basedir));
        RunRecord.write(record, summary);
        if (!state.path("settings").path("provisioned").asBoolean()) {
            out.println("[idbench] Target " + state.path("parameters").path("target.url").asText() + " is not provisioned by this run");
            return;
        }
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: the package phase did not run");
        }
        // The service marks the record interrupted if it is stopped while the run is still running.
        Files.writeString(run.serveArgs(), "--run-record=" + PrepareStep.quoted(record.toString()) + "\n", StandardOpenOption.APPEND);
        out.println("[idbench] Starting the service (log: " + basedir.relativize(run.serviceLog()) + ")…");
        out.flush();
        Process process = ServiceProcess.launch(jar, run.serveArgs(), run.serviceLog());
        try {
            ServiceProcess.awaitReady(process, run.serviceInfo(), run.serviceLog(),
                    Duration.ofSeconds(state.path("settings").path("startTimeout").asLong()), line -> out.println("[service] " + line));
        } catch (ServiceProcess.ServiceFailedException e) {
            RunRecord.setStatus(record, RunRecord.FAILED, e.getMessage());
            throw e;
        }
        ServiceInfo service = ServiceInfo.read(run.serviceInfo());
        JsonNode info = service.json();
        String baseUrl = service.baseUrl();
        resetTelemetry(service);
        appendTarget(service);
        summary = RunRecord.read(record);
        if (info.has("seed")) {
            summary.set("seed", info.get("seed"));
        }
        ObjectNode serviceNode = summary.putObject("service");
        serviceNode.put("baseUrl", baseUrl).put("storage", info.path("storage").asText()).put("search", info.path("search").asText());
        if (info.has("searchEngine")) {
            serviceNode.set("searchEngine", info.get("searchEngine"));
        }
        RunRecord.write(record, summary);
    }

    private void appendTarget(ServiceInfo service) throws IOException {
        List<String> serveArgs = Files.readAllLines(run.serveArgs());
        String password = serveArgs.stream().filter(a -> a.startsWith("--admin-password=")).findFirst().orElseThrow()
                .substring("--admin-password=".length());
        Properties p = TargetProperties.of(service.baseUrl(), service.token());
        // Plan 1 starts by obtaining its token, as in 2018 ("Authenticate user").
        p.setProperty("login.url", service.root() + "/oauth/token");
        p.setProperty("login.user", "admin");
        p.setProperty("login.password", password);
        try (Writer w = Files.newBufferedWriter(run.jmeterProperties(), StandardOpenOption.APPEND)) {
            p.store(w, "the service under test");
        }
    }

    /** The telemetry window starts when the service is ready: the run, not the seed. */
    static void resetTelemetry(ServiceInfo service) throws IOException, InterruptedException {
        HttpResponse<String> r = service.call("POST", "/idbench/telemetry/reset");
        if (r.statusCode() != 204) {
            throw new IllegalStateException("Resetting the service's telemetry answered " + r.statusCode() + ": " + r.body());
        }
    }
}
