package io.idbench.store.relational;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.scim.DateTimes;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps a canonical SCIM body to EAV rows and back: every leaf value becomes one typed value row;
 * elements of multi-valued attributes keep their position in {@code idx}. Unique leaves also give
 * their canonical text for the unique-value table.
 */
final class EavMapper {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Catalogue catalogue;

    EavMapper(Catalogue catalogue) {
        this.catalogue = catalogue;
    }

    List<ValueRow> rows(ObjectNode body) {
        List<ValueRow> rows = new ArrayList<>();
        for (Leaf leaf : catalogue.leaves()) {
            if (leaf.typedUnique() != null) {
                continue;
            }
            JsonNode container = leaf.schema() == catalogue.type().core() ? body : body.get(leaf.schema().id());
            JsonNode value = container == null ? null : container.get(leaf.attribute().name());
            if (value == null) {
                continue;
            }
            if (leaf.attribute().multiValued()) {
                for (int i = 0; i < value.size(); i++) {
                    add(rows, leaf, i, leaf.sub() == null ? value.get(i) : value.get(i).get(leaf.sub().name()));
                }
            } else {
                add(rows, leaf, 0, leaf.sub() == null ? value : value.get(leaf.sub().name()));
            }
        }
        return rows;
    }

    private static void add(List<ValueRow> rows, Leaf leaf, int idx, JsonNode v) {
        if (v == null || v.isNull()) {
            return;
        }
        Object typed;
        switch (leaf.column()) {
            case "long_value":
                typed = v.longValue();
                break;
            case "double_value":
                typed = v.decimalValue();
                break;
            case "date_value":
                typed = DateTimes.parse(v.textValue()).orElseThrow();
                break;
            case "boolean_value":
                typed = v.booleanValue();
                break;
            default:
                typed = v.textValue();
        }
        rows.add(new ValueRow(leaf.id(), idx, typed));
    }

    /** schema id -> canonical text of each unique value (case-folded unless caseExact). */
    Map<Short, String> uniqueValues(ObjectNode body, List<ValueRow> rows) {
        Map<Short, String> out = new LinkedHashMap<>();
        for (ValueRow r : rows) {
            Leaf leaf = catalogue.byId(r.schemaId());
            if (leaf.unique() && !leaf.attribute().multiValued()) {
                out.put(leaf.id(), leaf.valueDef().fold(text(r.value())));
            }
        }
        for (Leaf leaf : catalogue.leaves()) {
            if (leaf.typedUnique() == null) {
                continue;
            }
            for (JsonNode e : body.path(leaf.attribute().name())) {
                if (leaf.typedUnique().equalsIgnoreCase(e.path("type").asText()) && e.hasNonNull("value")) {
                    out.put(leaf.id(), leaf.valueDef().fold(e.get("value").asText()));
                }
            }
        }
        return out;
    }

    private static String text(Object value) {
        return value instanceof Instant i ? DateTimes.format(i) : value instanceof BigDecimal d ? d.toPlainString()
                : String.valueOf(value);
    }

    /** Rebuilds the body from rows sorted by (schema, idx); {@code name} is the name column. */
    ObjectNode body(String nameAttribute, String name, List<ValueRow> rows) {
        ObjectNode body = JSON.objectNode();
        body.put(nameAttribute, name);
        for (ValueRow r : rows) {
            Leaf leaf = catalogue.byId(r.schemaId());
            ObjectNode container = leaf.schema() == catalogue.type().core() ? body : body.withObjectProperty(leaf.schema().id());
            JsonNode value = json(r.value());
            String attr = leaf.attribute().name();
            if (leaf.attribute().multiValued()) {
                ArrayNode array = container.withArrayProperty(attr);
                while (array.size() <= r.idx()) {
                    array.add(leaf.sub() == null ? JSON.nullNode() : JSON.objectNode());
                }
                if (leaf.sub() == null) {
                    array.set(r.idx(), value);
                } else {
                    ((ObjectNode) array.get(r.idx())).set(leaf.sub().name(), value);
                }
            } else if (leaf.sub() != null) {
                container.withObjectProperty(attr).set(leaf.sub().name(), value);
            } else {
                container.set(attr, value);
            }
        }
        return body;
    }

    private static JsonNode json(Object v) {
        if (v instanceof String s) {
            return JSON.textNode(s);
        }
        if (v instanceof Long l) {
            return JSON.numberNode(l);
        }
        if (v instanceof BigDecimal d) {
            return JSON.numberNode(d);
        }
        if (v instanceof Instant i) {
            return JSON.textNode(DateTimes.format(i));
        }
        return JSON.booleanNode((Boolean) v);
    }
}
