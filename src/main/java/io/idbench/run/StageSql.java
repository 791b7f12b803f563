package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.record.OperationSql;
import io.idbench.record.RunRecord;
import io.idbench.record.Telemetry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A staged plan's SQL per operation: the start step hands JMeter the target's database ({@code stages.*}), the plan's thread 1
 * marks each stage (StageStatements, inside JMeter), and the record step takes the file it wrote into the record.
 */
final class StageSql {
    private StageSql() {
    }

    /** JMeter's properties for the target's database, where its ready file names one. */
    static void handOver(RunDirectory run, ServiceInfo target) throws IOException {
        var db = target.ready().database();
        if (db == null) {
            return;
        }
        Properties p = new Properties();
        p.setProperty("stages.jdbcUrl", db.jdbcUrl());
        p.setProperty("stages.user", db.user());
        p.setProperty("stages.password", db.password());
        p.setProperty("stages.file", run.stageStatements().toAbsolutePath().toString());
        TargetProperties.append(run, p, "the target's database: a staged plan's SQL per operation");
    }

    /** The record with the SQL of each operation (its calls per measured request), or why there is none. */
    static RunRecord into(RunRecord r, Path file) throws IOException {
        JsonNode root = Json.mapper().readTree(file.toFile());
        Map<String, OperationSql> sql = new LinkedHashMap<>();
        root.path("stages").properties().forEach(e -> {
            JsonNode stage = e.getValue();
            List<Telemetry.Statement> statements = new ArrayList<>();
            stage.path("statements").forEach(s -> statements.add(new Telemetry.Statement(s.path("query").asText(), s.path("calls").asLong(),
                    s.path("totalMs").asDouble(), s.path("meanMs").asDouble(), s.path("rows").asLong())));
            Map<String, Double> label = r.labels() == null ? null : r.labels().get(e.getKey());
            long samples = label == null || label.get("samples") == null ? 0 : label.get("samples").longValue();
            sql.put(e.getKey(), OperationSql.of(statements, stage.path("statementKinds").asInt(), stage.path("calls").asLong(), samples,
                    stage.hasNonNull("slowestPlan") ? stage.path("slowestPlan").asText() : null));
        });
        RunRecord withSql = sql.isEmpty() ? r : r.withSql(sql);
        return root.hasNonNull("failed") ? withSql.withSqlUnavailable(root.path("failed").asText()) : withSql;
    }
}
