package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The load's document text: the same document, each object's keys in jsonb's order. */
class JsonbTextTest {
    @Test
    void keysComeShorterFirstThenByTextAtEveryDepth() throws Exception {
        String text = JsonbText.of((ObjectNode) Json.mapper().readTree(
                "{\"name\": {\"givenName\": \"A\", \"familyName\": \"B\"}, \"emails\": [{\"value\": \"a@b\", \"type\": \"work\"}], \"active\": true}"));

        assertThat(text).isEqualTo(
                "{\"name\":{\"givenName\":\"A\",\"familyName\":\"B\"},\"active\":true,\"emails\":[{\"type\":\"work\",\"value\":\"a@b\"}]}");
    }

    @Test
    void aGeneratedIdentityIsTheSameDocument() throws Exception {
        IdentityGenerator generator = new IdentityGenerator(Json.mapper());
        for (long n = 1; n <= 50; n++) {
            ObjectNode body = generator.body(n);

            JsonNode back = Json.mapper().readTree(JsonbText.of(body));

            assertThat(back).isEqualTo(Json.mapper().readTree(Json.text(body)));
            assertThat(keys(back)).isSortedAccordingTo(JsonbText.JSONB_ORDER);
        }
    }

    private static List<String> keys(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
