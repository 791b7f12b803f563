package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code idbench run --parameters}: what -D takes, as the declaration says it, by role. */
class RunCommandTest {
    @Test
    void theParameterListShowsEveryParameterOnceUnderItsRole() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ParameterList.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        for (Parameter p : Parameters.ALL) {
            assertThat(out.split("\n  -D" + java.util.regex.Pattern.quote(p.key()) + "  \\(", -1)).as(p.key()).hasSize(2);
        }
        assertThat(out).startsWith("axis:\n  -Dstorage  (default jsonb; one of jsonb, relational; idbench serve --storage)\n"
                + "      how identities are stored (2018: pgjsonb / postgres)\n")
                .contains("\nload:\n  -Dthreads  (default 10; 1 to 1000)\n")
                .contains("\nsecret:\n  -Dtarget.token  (unset)\n");
        assertThat(out.indexOf("\nworkload:\n")).isLessThan(out.indexOf("\nload:\n"));
    }
}
