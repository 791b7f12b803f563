package io.idbench.seed;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The seeded identities' ids and userNames as CSV with a header line ({@code id,userName}), for
 * JMeter's CSV Data Set: a plan can address any seeded identity without asking the service.
 * Derived from the generator alone (no field needs quoting), written whole or not at all.
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
        CsvFile.write(file, HEADER, users, n -> id.apply(n) + ',' + IdentityGenerator.userName(n));
    }
}
