package io.idbench.seed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The load's document text: identity N's canonical body without userName, each object's keys in jsonb's order. */
class JsonbDocumentsTest {
    private final IdentityGenerator generator = new IdentityGenerator(Json.mapper());
    private final JsonbDocuments documents = new JsonbDocuments();

    /** The first identities, and those where a number gains a digit, up to the largest dataset. */
    private static LongStream identities() {
        return LongStream.concat(LongStream.rangeClosed(1, 2_000),
                LongStream.of(9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 9_999_999, 10_000_000));
    }

    @Test
    void aDocumentIsTheIdentitysBodyWithoutItsUserName() {
        identities().forEach(n -> {
            ObjectNode body = generator.body(n);
            body.remove("userName");

            // Both parsed: the body holds its numbers as longs, a parser reads those that fit as ints.
            assertThat(parsed(documents.of(n))).as("identity " + n).isEqualTo(parsed(Json.text(body).getBytes(UTF_8)));
        });
    }

    @Test
    void everyObjectsKeysComeInJsonbOrder() {
        identities().forEach(n -> assertKeysInJsonbOrder(parsed(documents.of(n)), "identity " + n));
    }

    @Test
    void jsonbOrderIsShorterFirstThenByText() {
        List<String> keys = new ArrayList<>(List.of("value", "primary", "type", "types", "Value"));

        keys.sort(JsonbDocuments.JSONB_ORDER);

        assertThat(keys).containsExactly("type", "Value", "types", "value", "primary");
    }

    /** Parsed strictly: a second document run into the first, or a trailing byte, fails the parse. */
    private static JsonNode parsed(byte[] document) {
        try {
            return Json.mapper().readTree(document);
        } catch (Exception e) {
            throw new AssertionError("not one JSON document: " + new String(document, UTF_8), e);
        }
    }

    private static void assertKeysInJsonbOrder(JsonNode node, String where) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            assertThat(names).as(where).isSortedAccordingTo(JsonbDocuments.JSONB_ORDER);
            names.forEach(name -> assertKeysInJsonbOrder(node.get(name), where + "." + name));
        } else if (node.isArray()) {
            node.forEach(element -> assertKeysInJsonbOrder(element, where + "[]"));
        }
    }
}
