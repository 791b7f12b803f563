package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/parameters.md lists every parameter a run knows, in order, with its default: the reference cannot drift from the code. */
class ParametersDocTest {
    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\| (?:`([^`]*)`)? \\|");

    @Test
    void theReferenceListsEveryParameterWithItsDefault() throws Exception {
        List<String> documented = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("docs/parameters.md"))) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                documented.add(m.group(1) + "=" + (m.group(2) == null ? "" : m.group(2)));
            }
        }
        List<String> defined = Parameters.ALL.stream().map(p -> p.key() + "=" + p.defaultValue()).toList();
        assertThat(documented).as("docs/parameters.md's table against io.idbench.run.Parameters.ALL").containsExactlyElementsOf(defined);
    }

    /** A numeric parameter's bounds, which the run enforces from the same declaration, stand in its row. */
    @Test
    void everyBoundedParameterShowsItsBounds() throws Exception {
        List<String> rows = Files.readAllLines(Path.of("docs/parameters.md"));
        for (Parameter p : Parameters.ALL) {
            if (p.bounds() != null) {
                assertThat(rows).as("docs/parameters.md's row of " + p.key())
                        .anySatisfy(row -> assertThat(row).startsWith("| `" + p.key() + "` |").contains("(" + p.bounds().text() + ")"));
            }
        }
    }

    /** A shape parameter that came later stands in old records with its default: the same default the run gives it. */
    @Test
    void laterShapeParametersDefaultAsTheRunDoes() {
        RunRecord.LATER_SHAPE.forEach((key, earlier) -> assertThat(Parameters.get(key)).as(key).hasValueSatisfying(
                p -> assertThat(p.defaultValue()).as("the default of " + key).isEqualTo(earlier)));
    }
}
