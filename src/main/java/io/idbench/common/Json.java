package io.idbench.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one ObjectMapper of idbench (service, run records, site): strict about what it reads
 * (duplicate keys, trailing tokens, unknown properties of a bound type) and exact with decimals.
 * Built once: a mapper is thread-safe and costly to build; callers never reconfigure it (use
 * {@code writer()}/{@code reader()} views).
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private Json() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** {@code value} as compact JSON text; one that cannot be written is a bug, not an input error. */
    public static String text(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot write " + value.getClass().getSimpleName() + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * {@code value} as pretty JSON in {@code file}, written whole to a temporary file beside it and moved into place: a
     * reader never sees half a file, and a failed write leaves the old one.
     */
    public static void write(Path file, Object value) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(tmp, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value) + "\n");
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
