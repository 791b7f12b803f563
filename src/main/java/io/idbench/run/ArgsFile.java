package io.idbench.run;

import io.idbench.common.PrivateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A picocli @-file: the arguments a step hands to a child process ({@code idbench serve @file}), one per line, quoted when
 * they hold spaces or quotes. Private (mode 0600): the arguments hold tokens and passwords.
 */
final class ArgsFile {
    private ArgsFile() {
    }

    static void write(Path file, List<String> args) throws IOException {
        Files.write(PrivateFiles.ensure(file), args.stream().map(ArgsFile::quoted).toList());
    }

    /** One argument as picocli reads it back from an @-file. */
    static String quoted(String arg) {
        return arg.matches("[^\\s\"'#]*") ? arg : "\"" + arg.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
