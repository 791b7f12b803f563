package io.idbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.stream.Stream;
import picocli.CommandLine;

/** The idbench command run in this JVM, its output and errors kept as a terminal would show them. */
final class CommandRun {
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    /** {@code idbench <command> <args…>}: its exit code. */
    int execute(String command, String... args) {
        CommandLine cl = Idbench.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(Stream.concat(Stream.of(command), Stream.of(args)).toArray(String[]::new));
    }

    /** Forgets what was said so far. */
    void clear() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }
}
