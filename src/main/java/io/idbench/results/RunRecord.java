package io.idbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.config.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A run's {@code summary.json} in {@code results/<scenario>/<run-id>/}. It exists from the moment
 * the service starts, with status {@value #RUNNING}; the record step makes it {@value #COMPLETE}
 * or {@value #FAILED}. A run that never got there is {@value #INTERRUPTED}: the service marks it
 * so when it is stopped while the run is still running. A reader trusts only complete runs.
 */
public final class RunRecord {
    public static final String FILE = "summary.json";
    public static final String RUNNING = "running";
    /** JMeter finished and the telemetry is in: the service may stop without the run being interrupted. */
    public static final String MEASURED = "measured";
    public static final String COMPLETE = "complete";
    public static final String FAILED = "failed";
    public static final String INTERRUPTED = "interrupted";

    private RunRecord() {
    }

    public static ObjectNode read(Path dir) {
        try {
            return (ObjectNode) Json.mapper().readTree(dir.resolve(FILE).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }

    /** Written whole to a temporary file and moved into place: a reader never sees half a record. */
    public static void write(Path dir, ObjectNode summary) {
        ObjectMapper json = Json.mapper();
        try {
            Files.createDirectories(dir);
            Path tmp = dir.resolve(FILE + ".tmp");
            Files.writeString(tmp, json.writerWithDefaultPrettyPrinter().writeValueAsString(summary) + "\n");
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }

    public static void setStatus(Path dir, String status, String reason) {
        ObjectNode summary = read(dir);
        summary.put("status", status);
        if (reason != null) {
            summary.put("statusReason", reason);
        }
        summary.put("ended", Instant.now().toString());
        write(dir, summary);
    }

    /** Marks a run that is still running as interrupted (and leaves any other status alone). */
    public static boolean interruptIfRunning(Path dir, String reason) {
        if (!Files.isRegularFile(dir.resolve(FILE)) || !RUNNING.equals(read(dir).path("status").asText())) {
            return false;
        }
        setStatus(dir, INTERRUPTED, reason);
        return true;
    }

    /**
     * A record to compare with: a run directory or its summary.json, or a committed baseline file with
     * the same {@code "labels"}; a run must be complete. {@code what} names it in the error ("the baseline …").
     */
    public static JsonNode complete(Path path, String what) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve(FILE) : path;
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("the " + what + " " + path + " has no " + FILE);
        }
        JsonNode json = Json.mapper().readTree(file.toFile());
        String status = json.path("status").asText(COMPLETE);
        if (!status.equals(COMPLETE)) {
            throw new ConfigException("the " + what + " " + file + " is " + status + ": only complete runs are compared");
        }
        if (!json.path("labels").isObject()) {
            throw new ConfigException("the " + what + " " + file + " has no \"labels\" object");
        }
        return json;
    }

    /** The records beside a run: every run directory of its scenario that holds a readable summary.json. */
    public static List<JsonNode> siblings(Path run) throws IOException {
        Path dir = Files.isDirectory(run) ? run.toAbsolutePath() : run.toAbsolutePath().getParent();
        Path scenario = dir.getParent();
        List<JsonNode> out = new ArrayList<>();
        if (scenario == null || !Files.isDirectory(scenario)) {
            return out;
        }
        try (Stream<Path> runs = Files.list(scenario)) {
            for (Path other : runs.filter(p -> Files.isRegularFile(p.resolve(FILE))).sorted().toList()) {
                try {
                    out.add(Json.mapper().readTree(other.resolve(FILE).toFile()));
                } catch (IOException e) {
                    // a record that does not parse is no evidence of the noise: left out
                }
            }
        }
        return out;
    }
}
