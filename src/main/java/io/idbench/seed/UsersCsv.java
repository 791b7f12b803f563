package io.idbench.seed;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The seeded identities' ids and userNames as CSV with a header line ({@code id,userName}), for
 * JMeter's CSV Data Set: a plan can address any seeded identity without asking the service.
 * Derived from the generator alone (no field needs quoting), written to a temporary file and
 * moved into place, so a reader never sees half a file.
 */
public final class UsersCsv {
    public static final String HEADER = "id,userName";

    private UsersCsv() {
    }

    public static void write(Path file, long users) throws IOException {
        write(file, users, n -> IdentityGenerator.id(n).toString());
    }

    /** The ids a target assigned to the identities it was seeded with over SCIM: identity n at index n - 1. */
    public static void write(Path file, List<String> ids) throws IOException {
        write(file, ids.size(), n -> ids.get((int) (n - 1)));
    }

    private static void write(Path file, long users, LongFunction<String> id) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try (BufferedWriter out = Files.newBufferedWriter(tmp)) {
            out.write(HEADER);
            out.write('\n');
            for (long n = 1; n <= users; n++) {
                out.write(id.apply(n));
                out.write(',');
                out.write(IdentityGenerator.userName(n));
                out.write('\n');
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
