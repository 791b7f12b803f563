package io.idbench.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.idbench.common.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** The run record's JSON Schema as users get it ({@code docs/summary.schema.json}), and what a record's JSON breaks of it. */
public final class RecordSchema {
    public static final Path FILE = Path.of("docs/summary.schema.json");
    private static final JsonSchema SCHEMA = load();

    private RecordSchema() {
    }

    private static JsonSchema load() {
        try {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(Json.mapper().readTree(FILE.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every rule of the schema the JSON breaks, one line each; empty when it is a valid record. */
    public static List<String> violations(JsonNode record) {
        return SCHEMA.validate(record).stream().map(ValidationMessage::getMessage).sorted().toList();
    }
}
