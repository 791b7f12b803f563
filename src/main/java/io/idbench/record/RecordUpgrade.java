package io.idbench.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.config.ConfigException;
import io.idbench.config.Plan;
import io.idbench.config.Protocol;
import io.idbench.config.TargetKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Brings a record of an earlier schema version up to {@link RunRecord#SCHEMA_VERSION}, one step per version, so that every
 * reader sees one shape; a record of a later version (written by a newer idbench) is refused. The only place that reads a
 * record's JSON by hand.
 */
final class RecordUpgrade {
    private RecordUpgrade() {
    }

    static ObjectNode upgrade(ObjectNode json, Path file) {
        JsonNode v = json.path("schemaVersion");
        if (!v.isMissingNode() && !v.canConvertToExactIntegral()) {
            throw new ConfigException(file + " has a schemaVersion that is not a whole number: " + v);
        }
        int version = v.asInt(0);
        if (version > RunRecord.SCHEMA_VERSION) {
            throw new ConfigException(file + " is a record of schema version " + version + "; this idbench reads versions up to "
                    + RunRecord.SCHEMA_VERSION + ": read it with a newer idbench");
        }
        if (version < 1) {
            toVersion1(json, file);
        }
        if (version < 2) {
            toVersion2(json);
        }
        return json;
    }

    /**
     * Version 0, the records written before the version was (up to November 2026), and baseline files made by hand: each
     * repetition named the plan, which is the run's ({@code parameters.plan}); hand-made files may lack the scenario and run
     * id, which a run's directory gives ({@code results/<scenario>/<run-id>/summary.json}).
     */
    private static void toVersion1(ObjectNode json, Path file) {
        for (JsonNode rep : json.path("repetitions")) {
            if (rep instanceof ObjectNode r) {
                r.remove("plan");
            }
        }
        Path dir = file.toAbsolutePath().getParent();
        if (file.getFileName().toString().equals(RecordFile.NAME) && dir != null && dir.getParent() != null) {
            if (!json.hasNonNull("runId")) {
                json.put("runId", dir.getFileName().toString());
            }
            if (!json.hasNonNull("scenario")) {
                json.put("scenario", dir.getParent().getFileName().toString());
            }
        }
        json.put("schemaVersion", 1);
    }

    /**
     * Version 1 (up to December 2026) named its labels only: each label's type is its plan file's, as the catalogue declares
     * it ({@link OperationType#of}), the plan and the target being the run's parameters (their defaults when unnamed).
     */
    private static void toVersion2(ObjectNode json) {
        JsonNode parameters = json.path("parameters");
        String plan = parameters.path("plan").asText("");
        String target = parameters.path("target").asText("");
        Protocol protocol = (target.isEmpty() ? TargetKind.IDBENCH : TargetKind.parse(target)).protocol();
        List<String> labels = new ArrayList<>();
        json.path("labels").fieldNames().forEachRemaining(labels::add);
        Map<String, OperationType> types = OperationType.of(plan.isEmpty() ? Plan.DEFAULT : Plan.parse(plan), protocol, labels);
        if (!types.isEmpty()) {
            ObjectNode operations = json.putObject("operations");
            types.forEach((label, t) -> operations.putObject(label).put("kind", t.kind().name()).put("api", t.api().name()));
        }
        json.put("schemaVersion", 2);
    }
}
