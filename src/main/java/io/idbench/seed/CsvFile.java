package io.idbench.seed;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.LongFunction;

/**
 * A CSV file the plans read while the run goes on: a header line, then one line per row, written to a
 * temporary file beside it and moved into place, so a reader never sees half a file.
 */
final class CsvFile {
    private CsvFile() {
    }

    /** Writes the header and rows 1..rows ({@code row} gives a line's text, without its newline). */
    static void write(Path file, String header, long rows, LongFunction<String> row) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try (BufferedWriter out = Files.newBufferedWriter(tmp)) {
            out.write(header);
            out.write('\n');
            for (long i = 1; i <= rows; i++) {
                out.write(row.apply(i));
                out.write('\n');
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
