package io.idbench.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.config.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The one way a run record is read and written. A record is written whole and moved into place (a reader never sees half
 * of one); it is read through {@link RecordUpgrade}, so every reader sees the current shape, and a record that does not fit
 * it is refused in one line naming the file.
 */
public final class RecordFile {
    public static final String NAME = "summary.json";

    private RecordFile() {
    }

    /** The record in a run directory. */
    public static RunRecord read(Path dir) {
        return parse(dir.resolve(NAME));
    }

    /** A record file (a run's summary.json, or a committed baseline file), brought up to date. */
    public static RunRecord parse(Path file) {
        JsonNode json;
        try {
            json = Json.mapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new ConfigException(file + " is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
        return parse(json, file);
    }

    /** A record's JSON, read from {@code file} (which names it in errors), brought up to date. */
    public static RunRecord parse(JsonNode json, Path file) {
        if (!(json instanceof ObjectNode object)) {
            throw new ConfigException(file + " is not a run record (a JSON object)");
        }
        try {
            return Json.mapper().treeToValue(RecordUpgrade.upgrade(object.deepCopy(), file), RunRecord.class);
        } catch (JsonProcessingException e) {
            throw new ConfigException(file + " does not fit the run record of schema version " + RunRecord.SCHEMA_VERSION + ": "
                    + problem(e));
        }
    }

    /** What does not fit, and where, in the record's terms: {@code unknown field "x" at repetitions[2].labels}. */
    private static String problem(JsonProcessingException e) {
        if (!(e instanceof JsonMappingException m)) {
            return e.getOriginalMessage().lines().findFirst().orElse("");
        }
        StringBuilder at = new StringBuilder();
        List<JsonMappingException.Reference> path = m.getPath();
        for (int i = 0; i < path.size(); i++) {
            JsonMappingException.Reference r = path.get(i);
            boolean last = i == path.size() - 1;
            if (r.getIndex() >= 0) {
                at.append('[').append(r.getIndex()).append(']');
            } else if (!(last && e instanceof UnrecognizedPropertyException)) {
                at.append(at.length() == 0 ? "" : ".").append(r.getFieldName());
            }
        }
        String where = at.length() == 0 ? "" : " at " + at;
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown field \"" + u.getPropertyName() + "\"" + where;
        }
        return e.getOriginalMessage().lines().findFirst().orElse("") + where;
    }

    public static void write(Path dir, RunRecord record) {
        Json.write(dir.resolve(NAME), record);
    }

    /** Reads the record, changes it and writes it back. */
    public static RunRecord update(Path dir, UnaryOperator<RunRecord> change) {
        RunRecord changed = change.apply(read(dir));
        write(dir, changed);
        return changed;
    }

    /** The run ended now, with this status (and why, when the reason is not null). */
    public static RunRecord setStatus(Path dir, RunStatus status, String reason) {
        return update(dir, r -> r.withStatus(status).withStatusReason(reason != null ? reason : r.statusReason())
                .withEnded(Instant.now().toString()));
    }

    /** Marks a run that is still running as interrupted (and leaves any other status alone). */
    public static boolean interruptIfRunning(Path dir, String reason) {
        if (!Files.isRegularFile(dir.resolve(NAME)) || read(dir).status() != RunStatus.RUNNING) {
            return false;
        }
        setStatus(dir, RunStatus.INTERRUPTED, reason);
        return true;
    }

    /**
     * A record to compare with: a run directory or its summary.json, or a committed baseline file with the same
     * {@code labels}; a run must be complete. {@code what} names it in the error ("the baseline …").
     */
    public static RunRecord complete(Path path, String what) {
        Path file = Files.isDirectory(path) ? path.resolve(NAME) : path;
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("the " + what + " " + path + " has no " + NAME);
        }
        RunRecord record = parse(file);
        if (!record.complete()) {
            throw new ConfigException("the " + what + " " + file + " is " + record.status().word() + ": only complete runs are compared");
        }
        if (record.labels().isEmpty()) {
            throw new ConfigException("the " + what + " " + file + " has no \"labels\" object");
        }
        return record;
    }

    /** The records beside a run: every run directory of its scenario that holds a readable summary.json. */
    public static List<RunRecord> siblings(Path run) throws IOException {
        Path dir = Files.isDirectory(run) ? run.toAbsolutePath() : run.toAbsolutePath().getParent();
        Path scenario = dir.getParent();
        List<RunRecord> out = new ArrayList<>();
        if (scenario == null || !Files.isDirectory(scenario)) {
            return out;
        }
        try (Stream<Path> runs = Files.list(scenario)) {
            for (Path other : runs.filter(p -> Files.isRegularFile(p.resolve(NAME))).sorted().toList()) {
                try {
                    out.add(read(other));
                } catch (ConfigException | UncheckedIOException e) {
                    // a record that does not read is no evidence of the noise: left out
                }
            }
        }
        return out;
    }
}
