package io.idbench.support;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.record.Interval;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import java.nio.file.Path;
import java.util.Map;

/** Run records and their parts written by hand in tests, read the way every record is read (upgraded, typed). */
public final class Records {
    private Records() {
    }

    public static RunRecord of(String json) {
        try {
            return of(Json.mapper().readTree(json));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    public static RunRecord of(JsonNode json) {
        return RecordFile.parse(json, Path.of("test.json"));
    }

    /** A record's {@code labels}: per label, figure and value. */
    public static Map<String, Map<String, Double>> labels(JsonNode json) {
        return Json.mapper().convertValue(json, new TypeReference<>() {
        });
    }

    /** A record's {@code intervals}: per label and figure, the interval. */
    public static Map<String, Map<String, Interval>> intervals(JsonNode json) {
        return Json.mapper().convertValue(json, new TypeReference<>() {
        });
    }
}
