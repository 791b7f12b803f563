package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.cli.ServeCommand;
import io.idbench.config.ConfigException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Another build is asked for its serve options through its own command model, and an option it lacks is dropped or refused. */
class OtherJarOptionsTest {
    private static Path locationOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void aBuildIsAskedForItsServeOptionsInALoaderOfItsOwn() throws Exception {
        Set<String> options = OtherJarOptions.serve(List.of(locationOf(ServeCommand.class), locationOf(CommandLine.class)), "this build");
        assertThat(options).contains("--storage", "--token-key", "--search-nodes", "--info-file").doesNotContain("--nope");
    }

    @Test
    void somethingThatIsNoIdbenchBuildIsRefused() throws Exception {
        assertThatThrownBy(() -> OtherJarOptions.serve(List.of(locationOf(CommandLine.class)), "versus.jar picocli.jar"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("versus.jar picocli.jar is not an idbench build: it has no " + OtherJarOptions.SERVE_COMMAND);
    }

    @Test
    void anOptionTheOtherBuildLacksIsDroppedAtItsDefaultAndRefusedOtherwise() {
        List<String> atDefault = new ArrayList<>(List.of("--storage=jsonb", "--search-nodes=1"));
        VersusSide.withoutOptionsUnknownTo(Set.of("--storage"), "versus.jar old.jar", atDefault);
        assertThat(atDefault).containsExactly("--storage=jsonb");
        List<String> changed = new ArrayList<>(List.of("--storage=jsonb", "--search-nodes=2"));
        assertThatThrownBy(() -> VersusSide.withoutOptionsUnknownTo(Set.of("--storage"), "versus.jar old.jar", changed))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "versus.jar old.jar does not know --search-nodes; it can be compared only with search.nodes at its default (1)");
    }
}
