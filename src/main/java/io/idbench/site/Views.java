package io.idbench.site;

import com.fasterxml.jackson.core.type.TypeReference;
import io.idbench.common.Json;
import java.util.Map;

/** Parts of a record as a page's key-value tables show them: every property that is set, by name, nested parts as maps. */
final class Views {
    private static final TypeReference<Map<String, Object>> PROPERTIES = new TypeReference<>() {
    };

    private Views() {
    }

    /** A record's properties by name (its JSON view), or null for null. */
    static Map<String, Object> properties(Object part) {
        return part == null ? null : Json.mapper().convertValue(part, PROPERTIES);
    }
}
