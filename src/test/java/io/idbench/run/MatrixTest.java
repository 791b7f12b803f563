package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.config.ConfigException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A matrix's scenarios, its shares among agents, and what {@code idbench run --matrix} refuses before anything starts. */
class MatrixTest {
    private static final Path PARAMETERS = Path.of("parameters").toAbsolutePath();

    @TempDir
    Path dir;

    @Test
    void aListNamesItsScenariosInOrderAndIncludesOthers() throws Exception {
        assertThat(Matrix.scenarios(PARAMETERS, "small")).containsExactly("jsonb-nodyn-1k", "relational-nodyn-1k", "jsonb-1k",
                "relational-1k", "jsonb-nodyn-10k", "relational-nodyn-10k", "jsonb-10k", "relational-10k");
        List<String> nightly = Matrix.scenarios(PARAMETERS, "nightly");
        assertThat(nightly).startsWith(Matrix.scenarios(PARAMETERS, "2018").toArray(String[]::new));
        assertThat(nightly).hasSize(Matrix.scenarios(PARAMETERS, "2018").size() + Matrix.scenarios(PARAMETERS, "beyond-2018").size()
                + Matrix.scenarios(PARAMETERS, "studies").size());
    }

    @Test
    void agentIOfNTakesEveryNthScenarioFromTheIth() {
        List<String> s = List.of("a", "b", "c", "d", "e");
        assertThat(Matrix.share(s, "1/1")).isEqualTo(s);
        assertThat(Matrix.share(s, "2/3")).containsExactly("b", "e");
        assertThat(Matrix.share(s, "3/3")).containsExactly("c");
        assertThat(Matrix.share(List.of("a"), "2/2")).as("more agents than scenarios").isEmpty();
        for (String bad : List.of("0/2", "3/2", "1", "a/b", "1/0")) {
            assertThatThrownBy(() -> Matrix.share(s, bad)).isInstanceOf(ConfigException.class)
                    .hasMessage("--shard must be <i>/<n> with 1 <= i <= n, was '" + bad + "'");
        }
    }

    @Test
    void aMissingListAScenarioWithoutItsFileAndALoopAreRefused() throws Exception {
        Files.createDirectories(dir.resolve("matrix"));
        Files.writeString(dir.resolve("one.properties"), "");
        Files.writeString(dir.resolve("matrix/a.txt"), "one # a comment\n@b\n");
        Files.writeString(dir.resolve("matrix/b.txt"), "@a\n");
        Files.writeString(dir.resolve("matrix/typo.txt"), "one\nonw\n");
        Files.writeString(dir.resolve("matrix/empty.txt"), "# nothing\n");
        assertThatThrownBy(() -> Matrix.scenarios(dir, "none")).isInstanceOf(ConfigException.class).hasMessage("no matrix 'none' ("
                + dir.resolve("matrix/none.txt") + " does not exist); the matrices are a, b, empty, typo");
        assertThatThrownBy(() -> Matrix.scenarios(dir, "typo")).isInstanceOf(ConfigException.class).hasMessage(dir.resolve(
                "matrix/typo.txt") + " names 'onw', but " + dir.resolve("onw.properties") + " does not exist");
        assertThatThrownBy(() -> Matrix.scenarios(dir, "a")).isInstanceOf(ConfigException.class)
                .hasMessage("matrix 'a' includes itself (through a > b)");
        assertThatThrownBy(() -> Matrix.scenarios(dir, "empty")).isInstanceOf(ConfigException.class).hasMessage("matrix 'empty' is empty");
    }

    @Test
    void aMatrixListsItsShareAndValidatesEveryScenarioBeforeTheFirstStarts() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Path project = Path.of("").toAbsolutePath();
        MatrixRun matrix = new MatrixRun(project, project.resolve("target/idbench.jar"), RunOptions.from(Map.of()), out);

        assertThat(matrix.run("small", "2/4", true, false, Map.of(), List.of())).isZero();
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).containsExactly("relational-nodyn-1k", "relational-nodyn-10k");
        assertThatThrownBy(() -> matrix.run("small", "1/1", false, false, Map.of("scenario", "jsonb-1k"), List.of()))
                .isInstanceOf(ConfigException.class).hasMessage("--matrix runs its own scenarios: drop -Dscenario=jsonb-1k");
        assertThatThrownBy(() -> matrix.run("small", "1/1", false, false, Map.of("threads", "0"), List.of()))
                .isInstanceOf(ConfigException.class).hasMessage("jsonb-nodyn-1k: threads must be between 1 and 1000, was 0");
    }
}
