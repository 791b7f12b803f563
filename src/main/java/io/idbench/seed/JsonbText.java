package io.idbench.seed;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A document's JSON text with every object's keys in the order jsonb keeps them (shorter first,
 * then by their text). PostgreSQL sorts each object's keys when it parses one, moving its key and
 * value pairs in place, unless they come sorted: in a JSONB load those moves were 7 % of the
 * machine (docs/seeding.md). The stored document is the same in either order.
 */
final class JsonbText {
    /** jsonb's order for keys whose UTF-8 is one byte a character (the profile's); any other key only costs a move. */
    static final Comparator<String> JSONB_ORDER = Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder());

    private JsonbText() {
    }

    static String of(ObjectNode document) {
        StringWriter text = new StringWriter(2048);
        try (JsonGenerator g = Json.mapper().createGenerator(text)) {
            write(document, g);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write a document as JSON: " + e.getMessage(), e);
        }
        return text.toString();
    }

    private static void write(JsonNode node, JsonGenerator g) throws IOException {
        if (node.isObject()) {
            List<String> names = new ArrayList<>(node.size());
            node.fieldNames().forEachRemaining(names::add);
            names.sort(JSONB_ORDER);
            g.writeStartObject();
            for (String name : names) {
                g.writeFieldName(name);
                write(node.get(name), g);
            }
            g.writeEndObject();
        } else if (node.isArray()) {
            g.writeStartArray();
            for (JsonNode element : node) {
                write(element, g);
            }
            g.writeEndArray();
        } else if (node.isTextual()) {
            g.writeString(node.textValue());
        } else if (node.isInt() || node.isLong()) {
            g.writeNumber(node.longValue());
        } else if (node.isBoolean()) {
            g.writeBoolean(node.booleanValue());
        } else {
            g.writeTree(node); // other numbers and null: rare in a document, through the mapper
        }
    }
}
