package io.idbench.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.common.FileTrees;
import io.idbench.support.StartsServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jmeter/src/generate.sh (python3) run on a copy of jmeter/: it writes every committed plan byte for byte, and nothing else. */
@StartsServers
class PlanGeneratorTest {
    @TempDir
    Path tmp;

    @Test
    void generatingAgainGivesTheCommittedPlans() throws Exception {
        Path copy = tmp.resolve("jmeter");
        FileTrees.copy(PlansAreGeneratedTest.JMETER, copy);
        List<Path> committed = PlansAreGeneratedTest.plans();
        for (Path plan : committed) {
            Files.delete(copy.resolve(plan.getFileName()));
        }
        Process p = new ProcessBuilder("bash", copy.resolve("src/generate.sh").toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("generate.sh ended").isTrue();
        assertThat(p.exitValue()).as("generate.sh (needs python3): " + said).isZero();
        for (Path plan : committed) {
            assertThat(copy.resolve(plan.getFileName())).as(plan + " as generated").hasSameBinaryContentAs(plan);
        }
        try (var files = Files.list(copy)) {
            assertThat(files.filter(f -> f.toString().endsWith(".jmx")).count()).as("plans generated").isEqualTo(committed.size());
        }
    }
}
