package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** What a step writes to a child's @-file, picocli reads back as it was: spaces, quotes, backslashes, hashes. */
class ArgsFileTest {
    @TempDir
    Path tmp;

    @Command(name = "echo")
    static final class Echo {
        @Parameters
        List<String> args = new ArrayList<>();
    }

    @Test
    void everyArgumentComesBackAsItWasWritten() throws Exception {
        List<String> args = List.of("--storage=jsonb", "--token=secret token", "--admin-password=a\"b\\c", "--run-record=/tmp/x y/r",
                "--note=#not-a-comment", "--empty=");
        Path file = tmp.resolve("serve.args");
        ArgsFile.write(file, args);
        Echo echo = new Echo();
        new CommandLine(echo).setUnmatchedOptionsArePositionalParams(true).parseArgs("@" + file);
        assertThat(echo.args).containsExactlyElementsOf(args);
        assertThat(ArgsFile.quoted("--storage=jsonb")).as("a plain argument stays bare").isEqualTo("--storage=jsonb");
    }
}
