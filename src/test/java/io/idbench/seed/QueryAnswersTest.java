package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.scim.schema.ScimSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plan 4's expected counts are what the seeded bodies themselves give, counted the slow way. */
class QueryAnswersTest {
    private static final int USERS = 3_000;
    private final IdentityGenerator generator = new IdentityGenerator(Json.mapper());

    @Test
    void everyAnswerIsTheCountOfTheSeededBodiesThatMatch() {
        List<JsonNode> bodies = LongStream.rangeClosed(1, USERS).mapToObj(generator::body).map(JsonNode.class::cast).toList();
        List<QueryAnswers.Row> rows = QueryAnswers.rows(USERS, 200);
        assertThat(rows).hasSize(200);
        for (QueryAnswers.Row r : rows) {
            long above = bodies.stream().filter(b -> b.path("userType").asText().equals(QueryAnswers.QUERIED_TYPE)
                    && b.path(ScimSchemas.PROFILE_URN).path("ssn").asLong() > r.ssnFloor()).count();
            assertThat(r.aboveFloor()).as("%s", r).isEqualTo(above);
            long byEmail = bodies.stream().filter(b -> b.path("userType").asText().equals(QueryAnswers.QUERIED_TYPE)
                    && b.path("emails").get(0).path("value").asText().equals("user." + r.n() + "@example.org")).count();
            assertThat(r.byEmail()).as("%s", r).isEqualTo((int) byEmail);
        }
        assertThat(rows).as("both answers occur").anyMatch(r -> r.byEmail() == 1).anyMatch(r -> r.byEmail() == 0);
    }

    @Test
    void theSameSizeGivesTheSameQuestionsEverywhere() {
        assertThat(QueryAnswers.rows(USERS, 50)).isEqualTo(QueryAnswers.rows(USERS, 50)).isNotEqualTo(QueryAnswers.rows(USERS + 1, 50));
    }

    @Test
    void aSingleIdentityIsAlwaysAboveTheOnlyFloor() {
        assertThat(QueryAnswers.rows(1, 3)).allSatisfy(r -> {
            assertThat(r.ssnFloor()).isEqualTo(IdentityGenerator.SSN_BASE);
            assertThat(r.n()).isEqualTo(1);
        });
    }

    @Test
    void anEmptyDatasetHasNoAnswers() {
        assertThatThrownBy(() -> QueryAnswers.rows(0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("users must be between 1 and 100000000, was 0");
    }

    @Test
    void theFileHasAHeaderAndOneLinePerRow(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("answers.csv");
        QueryAnswers.write(file, 500);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(QueryAnswers.ROWS + 1).first().isEqualTo("ssnFloor,aboveFloor,n,byEmail");
        assertThat(lines.get(1)).matches("1000\\d{5},\\d+,\\d+,[01]");
        try (var files = Files.list(dir)) {
            assertThat(files).as("no temporary file left").containsExactly(file);
        }
    }
}
