package io.idbench.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Directory trees: a run's dashboard copied into its record, a record into the site; an output emptied first; a log's tail. */
public final class FileTrees {
    private FileTrees() {
    }

    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /** Deletes {@code dir} and everything below it; nothing when it does not exist. */
    public static void delete(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** The bytes of the regular files below {@code dir}. */
    public static long size(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            long bytes = 0;
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                bytes += Files.size(p);
            }
            return bytes;
        }
    }

    /** {@code dir}, created when missing, emptied when not. */
    public static void empty(Path dir) throws IOException {
        delete(dir);
        Files.createDirectories(dir);
    }

    /** The last {@code lines} lines of a server's log, for an error message; why not, when it cannot be read. */
    public static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
